import type { AdminPayoutAccountChange, AdminSettlement } from '@fanmission/contracts';
import { Alert } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { formatKst } from '../format/kst';

/*
 * Which account an unpaid statement pays: the one it copied when it was issued (docs/rules/settlement.md), even when
 * the creator changed his payout account since. The statement's page says so when the creator's latest change came
 * after the statement was issued, naming both accounts.
 */

const accountText = (account: {
  bankName: string | null;
  bankAccountNumber: string | null;
  bankAccountHolder: string | null;
}) =>
  account.bankName
    ? `${account.bankName} ${account.bankAccountNumber ?? ''} · ${account.bankAccountHolder ?? ''}`
    : '-';

export function StatementAccountNotice() {
  const statement = useRecordContext<AdminSettlement>();
  const translate = useTranslate();
  const unpaid = statement !== undefined && statement.status !== 'PAID' && statement.status !== 'CARRIED_OVER';
  const { data } = useGetList<AdminPayoutAccountChange>(
    'payout-account-changes',
    {
      filter: { creatorId: statement?.creatorId },
      sort: { field: 'id', order: 'DESC' },
      pagination: { page: 1, perPage: 1 },
    },
    { enabled: unpaid },
  );
  const latest = data?.[0];
  if (!statement || !unpaid || !latest || Date.parse(latest.changedAt) <= Date.parse(statement.created)) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {translate('console.settlements.paysIssuedAccount', {
        account: accountText(statement),
        changedAt: formatKst(latest.changedAt, { showTime: true }),
        current: accountText(latest.to),
      })}
    </Alert>
  );
}
