import type { BusinessType, BusinessVerification } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/*
 * What the payout account page says of the creator's business registration: only a registration staff verified (the
 * business registry's registered name) lifts the 3.3 % withholding and lets an account in the business's name be his
 * (docs/rules/settlement.md, Business registration); a declared one waits for that check.
 */
export function BusinessRegistrationNote({
  declared,
  verification,
}: {
  declared: BusinessType | null;
  verification: BusinessVerification | null;
}) {
  const { t } = useTranslation();
  if (!verification) return null;
  if (verification.businessType !== 'NONE') {
    return (
      <Alert severity="success" role="status">
        {t('creatorStudio.bank.business.verified', { name: verification.registeredName ?? '' })}
      </Alert>
    );
  }
  const declaredBusiness = declared === 'PRIVATE' || declared === 'CORPORATION';
  return (
    <Alert severity={declaredBusiness ? 'warning' : 'info'} role="status">
      {t(declaredBusiness ? 'creatorStudio.bank.business.pending' : 'creatorStudio.bank.business.individual')}
    </Alert>
  );
}
