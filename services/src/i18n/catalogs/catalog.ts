import type { Language } from '@fanmission/contracts';

/** A message per UI language; `{name}` placeholders are filled from the error's parameters. */
export type Catalog = Record<string, Record<Language, string>>;
