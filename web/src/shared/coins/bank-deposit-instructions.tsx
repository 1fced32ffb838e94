import { formatNumber } from '@fanmission/contracts';
import type { BankDepositInstructions } from '@fanmission/contracts';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../alert/alert';
import { formatDotDateTime } from '../format/date';

/**
 * Where and by when to pay a bank-deposit request, as the server gave it: the bank, the account number (copyable),
 * the holder, the exact amount in won and the deadline in Korea time. A list of terms and values, one per line, that
 * wraps at 360 px.
 */
export function BankDepositInstructionsList({ instructions }: { instructions: BankDepositInstructions }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(instructions.accountNumber);
      void showAlert(t('bankDeposit.copied'));
    } catch {
      void showAlert(instructions.accountNumber);
    }
  };
  const rows: [string, ReactNode][] = [
    [t('bankDeposit.bank'), instructions.bankName],
    [
      t('bankDeposit.accountNumber'),
      <>
        <span>{instructions.accountNumber}</span>
        <IconButton size="small" aria-label={t('bankDeposit.copy')} onClick={() => void copy()} sx={{ ml: 0.5 }}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </>,
    ],
    [t('bankDeposit.holder'), instructions.accountHolder],
    [t('bankDeposit.amount'), t('coinHistory.won', { amount: formatNumber(instructions.amount) })],
    [t('bankDeposit.due'), t('bankDeposit.dueValue', { date: formatDotDateTime(instructions.dueAt) })],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        alignItems: 'center',
        m: 0,
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
