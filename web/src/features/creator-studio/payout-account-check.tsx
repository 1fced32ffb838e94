import type { PayoutAccountVerification } from '@fanmission/contracts';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAdultVerification } from '../../shared/adult-gate/use-adult-verification';

/** Which of the check's messages applies (creatorStudio.bank.check), and how it is shown. */
export function checkMessage(check: PayoutAccountVerification): { key: string; severity: AlertColor } {
  if (check.status === 'VERIFIED') return { key: 'VERIFIED', severity: 'success' };
  if (check.status === 'MISMATCH') return { key: 'MISMATCH', severity: 'error' };
  if (check.failure === 'ACCOUNT_NOT_FOUND') return { key: 'ACCOUNT_NOT_FOUND', severity: 'error' };
  if (check.failure === 'BANK_TIMEOUT') return { key: 'BANK_TIMEOUT', severity: 'warning' };
  if (check.failure === 'NO_VERIFIED_NAME') return { key: 'NO_VERIFIED_NAME', severity: 'warning' };
  return { key: 'PENDING', severity: 'info' };
}

/**
 * The account-holder check of the creator's payout account (docs/rules/settlement.md): verified, still checking, or
 * why his payouts are held and what he can do. Nothing without an account.
 */
export function PayoutAccountCheck({ check }: { check: PayoutAccountVerification | null }) {
  const { t } = useTranslation();
  if (!check) return null;
  const { key, severity } = checkMessage(check);
  return (
    <Alert severity={severity} data-testid="payout-account-check" data-status={check.status}>
      <AlertTitle>{t('creatorStudio.bank.check.title')}</AlertTitle>
      {t(`creatorStudio.bank.check.${key}`, { holder: check.bankHolder ?? '' })}
      {key === 'NO_VERIFIED_NAME' && <IdentityCheckButton />}
    </Alert>
  );
}

/**
 * The identity check that gives the name his account's holder is compared with; it comes back to this page, and the
 * background check looks the account up again once the name is kept.
 */
function IdentityCheckButton() {
  const { t } = useTranslation();
  const { busy, message, verify } = useAdultVerification();
  return (
    <>
      {message && <div role="status">{message}</div>}
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        sx={{ mt: 1, display: 'block' }}
        onClick={() => void verify()}
        disabled={busy}
      >
        {t('creatorStudio.bank.check.verifyIdentity')}
      </Button>
    </>
  );
}
