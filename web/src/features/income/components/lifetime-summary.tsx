import { formatNumber } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLifetimeIncome } from '../api/income';

/**
 * Since the creator started: coins earned, the income they convert to, what was paid out, what is still to be
 * received (to receive less paid: both sum the statements' `to_receipt`, services/src/income/creator-income.ts), the
 * income tax and local income tax withheld (so that paid + to be paid + withheld is the income, overseas fees aside)
 * and the fees taken. Coins not on a statement yet count at the current grade, as the income routes count them.
 */
export function LifetimeSummary({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation();
  const query = useLifetimeIncome(creatorId);
  const won = (amount: number) => t('income.won', { amount: formatNumber(amount) });
  const totals = query.data;
  const items: Array<[string, string]> = totals
    ? [
        [t('income.totalEarningCoin'), t('income.coinValue', { coins: formatNumber(totals.totalEarningCoin) })],
        [t('income.lifetime.earned'), won(totals.income)],
        [t('income.lifetime.paid'), won(totals.paidIncome)],
        [t('income.lifetime.unpaid'), won(Math.max(0, totals.toReceipt - totals.paidIncome))],
        [t('income.lifetime.withheld'), won(totals.withheld)],
        [t('income.pgFee'), won(totals.pgFee)],
        [t('income.fatkatFee'), won(totals.fatkatFee)],
      ]
    : [];
  return (
    <Paper
      component="section"
      aria-labelledby="lifetime-income-title"
      variant="outlined"
      sx={{ borderRadius: 3, p: 2, mb: 2 }}
    >
      <Typography id="lifetime-income-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('income.lifetime.title')}
      </Typography>
      {query.isError ? (
        <Typography color="text.secondary">{t('income.lifetime.failed')}</Typography>
      ) : totals ? (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}
        >
          {items.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Skeleton variant="rounded" height={96} aria-label={t('common.loading')} />
      )}
    </Paper>
  );
}
