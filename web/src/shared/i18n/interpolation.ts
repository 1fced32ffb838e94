import { formatMessageParameter } from '@fanmission/contracts';
import type { InterpolationOptions } from 'i18next';

/**
 * How every i18next instance of the app (the app's, the build's first view, the tests') puts values into texts:
 * unescaped (React escapes), and every number written as the product writes numbers (contracts/src/numbers.ts), so
 * callers pass the number itself.
 */
export const INTERPOLATION: InterpolationOptions = {
  escapeValue: false,
  alwaysFormat: true,
  format: (value, _format, _language, options) =>
    formatMessageParameter(options?.interpolationkey as string | undefined, value) as string,
};
