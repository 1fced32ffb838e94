import { createHmac } from 'node:crypto';
import { normalizeHolderName } from '@fanmission/contracts';
import type { AppConfig } from '../config';

/**
 * The HMAC kept of the name a check verified, in the form the payout account's holder comparison reads
 * (`normalizeHolderName`, docs/rules/settlement.md): whether a bank's holder is the member, never who he is.
 */
export function identityNameHmac(config: AppConfig, name: string): string {
  return createHmac('sha256', config.IDENTITY_CI_HMAC_KEY ?? config.JWT_SECRET)
    .update(`identity-name:${normalizeHolderName(name)}`)
    .digest('base64url');
}
