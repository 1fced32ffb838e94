import { formatNumber, koreaDate, type MonthlySettlement, SETTLEMENT } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../../shared/alert/alert';
import { PageNumbers } from '../../../shared/ui/list-states';
import { downloadStatement, useStatements } from '../api/income';
import { RowsTable } from '../../../shared/ui/rows-table';
import { formatDotDay, formatMonthDay } from '../../../shared/format/date';
import Typography from '@mui/material/Typography';

/** A payable statement still unpaid after its due date (Korea time): the creator sees it delayed, not scheduled. */
function overdue(statement: MonthlySettlement, today: string): boolean {
  return (
    statement.status !== 'CARRIED_OVER' && !statement.paid && statement.dueDate !== null && statement.dueDate < today
  );
}

function statusLabel(statement: MonthlySettlement, t: TFunction, today: string) {
  if (statement.status === 'CARRIED_OVER') return t('income.status.CARRIED_OVER');
  if (statement.held) return t('income.status.HELD');
  if (overdue(statement, today)) return t('income.overdue', { date: formatDotDay(statement.dueDate!) });
  return statement.paid ? t('income.status.PAID') : t('income.status.UNPAID');
}

/** Past incomes: number, settlement month, target coins, amount in won, paid state, PDF and CSV downloads. */
export function PastTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const statements = useStatements(page);
  const rows = statements.data?.content ?? [];
  const today = koreaDate(new Date());
  const download = async (statement: MonthlySettlement, format: 'pdf' | 'csv') => {
    if (!(await downloadStatement(statement, format, i18n.language))) await showAlert(t('income.downloadFailed'));
  };
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('income.pastNote', { minimum: SETTLEMENT.minimumCoins, overseasMinimum: SETTLEMENT.minimumCoinsOverseas })}
      </Alert>
      <RowsTable
        size="small"
        label={t('income.pastTab')}
        columns={[
          t('income.number'),
          t('income.settlementMonth'),
          t('income.targetCoins'),
          t('income.amount'),
          t('income.paidState'),
          t('income.download'),
        ]}
        loading={statements.isPending}
        empty={rows.length === 0 ? t('income.pastEmpty') : null}
      >
        {rows.map((statement) => (
          <TableRow key={statement.id} data-testid="income-statement-row">
            <TableCell>{statement.id}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {t('income.settlementMonthValue', { year: statement.year, month: statement.month })}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNumber(statement.totalEarningCoin)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
              {t('income.won', { amount: formatNumber(statement.toReceipt) })}
              {/* Taxes withheld (docs/rules/settlement.md): what was taken from income before the amount paid. */}
              {statement.taxWithheld + statement.localTaxWithheld > 0 && (
                <Typography variant="caption" component="div" color="text.secondary" sx={{ fontWeight: 400 }}>
                  {t('income.withheld', {
                    total: formatNumber(statement.taxWithheld + statement.localTaxWithheld),
                    incomeTax: formatNumber(statement.taxWithheld),
                    localTax: formatNumber(statement.localTaxWithheld),
                  })}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Chip
                size="small"
                variant={statement.paid ? 'filled' : 'outlined'}
                color={
                  statement.paid
                    ? 'success'
                    : statement.held
                      ? 'error'
                      : overdue(statement, today)
                        ? 'warning'
                        : 'default'
                }
                label={statusLabel(statement, t, today)}
              />
              {/* A statement not paid yet pays the account it was issued with, even after a change of the account. */}
              {/* Why it is not paid (docs/rules/settlement.md, holds), and where the creator can act on it. */}
              {statement.holdReason && (
                <Typography
                  variant="caption"
                  component="div"
                  color="error"
                  sx={{ mt: 0.5, whiteSpace: 'normal', maxWidth: 220 }}
                  data-testid="income-hold-reason"
                >
                  {t(`income.hold.${statement.holdReason}`)}{' '}
                  {statement.holdReason !== 'ACCOUNT_CHANGED' && (
                    <Link component={RouterLink} to="/bank-account-change">
                      {t('income.hold.fixAccount')}
                    </Link>
                  )}
                </Typography>
              )}
              {statement.paid && statement.paidOn && statement.payTo && (
                <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('income.paidTo', {
                    date: formatMonthDay(statement.paidOn),
                    bank: statement.payTo.bankName,
                    account: statement.payTo.bankAccountNumber,
                  })}
                </Typography>
              )}
              {!statement.paid && statement.status !== 'CARRIED_OVER' && statement.payTo && (
                <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('income.paysTo', { bank: statement.payTo.bankName, account: statement.payTo.bankAccountNumber })}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" onClick={() => void download(statement, 'pdf')}>
                PDF
              </Button>
              <Button size="small" onClick={() => void download(statement, 'csv')}>
                CSV
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </RowsTable>
      <PageNumbers total={statements.data?.totalPages ?? 0} page={page} onChange={setPage} />
    </>
  );
}
