import { maskAccountNumber, type AdminPayoutAccountChange, type AdminSettlement } from '@fanmission/contracts';
import { Alert } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { formatKst } from '../format/kst';

/*
 * Which account an unpaid statement pays: the one it copied when it was issued (docs/rules/settlement.md), even when
 * the creator changed his payout account since. The statement's page says so when that account is not the creator's
 * current one (his latest change's), naming both: old → new, the numbers masked. A change that left the bank and the
 * number as they were (the holder's spelling, the place abroad) or came back to the statement's account says nothing.
 */

const accountText = (account: {
  bankName: string | null;
  bankAccountNumber: string | null;
  bankAccountHolder: string | null;
}) =>
  account.bankName
    ? `${account.bankName} ${maskAccountNumber(account.bankAccountNumber) ?? ''} · ${account.bankAccountHolder ?? ''}`
    : '-';

/** Whether two accounts are one destination: the same bank and number. */
const sameDestination = (
  one: { bankName: string | null; bankAccountNumber: string | null },
  other: { bankName: string | null; bankAccountNumber: string | null },
) => one.bankName === other.bankName && one.bankAccountNumber === other.bankAccountNumber;

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
  if (!statement || !unpaid || !latest || sameDestination(statement, latest.to)) return null;
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
