import { formatNumber, type MonthIncome, payoutWonPerCoin } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The month's totals: coins, income at the month's grade, the payment and platform fees, the taxes withheld (when
 * any), what is to be received.
 */
export function MonthSummary({ income }: { income: MonthIncome }) {
  const { t } = useTranslation();
  const won = (amount: number) => t('income.won', { amount: formatNumber(amount) });
  const items: Array<[string, string]> = [
    [t('income.totalEarningCoin'), t('income.coinValue', { coins: formatNumber(income.totalEarningCoin) })],
    [t('income.income'), won(income.income)],
    [t('income.pgFee'), won(income.pgFee)],
    [t('income.fatkatFee'), won(income.fatkatFee)],
    // Taxes withheld from an individual's (or an overseas account's) income: why toReceipt is less than income.
    ...(income.taxWithheld + income.localTaxWithheld > 0
      ? [[t('income.taxWithheld'), won(income.taxWithheld + income.localTaxWithheld)] as [string, string]]
      : []),
    [t('income.toReceipt'), won(income.toReceipt)],
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mb: 2 }} data-testid="month-summary">
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={t(`income.grade.${income.grade}`)} />
        <Typography variant="body2" color="text.secondary">
          {t('income.rate', { won: payoutWonPerCoin(income.grade) })}
        </Typography>
        <Chip
          size="small"
          color={income.settled ? 'success' : 'default'}
          variant="outlined"
          label={income.settled ? t('income.settled') : t('income.inProgress')}
        />
      </Stack>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: `repeat(${items.length}, 1fr)` }, gap: 1.5 }}
      >
        {items.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{value}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
