import { formatNumber, type MonthIncome, payoutWonPerCoin, WON_PER_COIN } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** One line of the calculation: its sign, its name (and what it is made of), its amount. */
interface Line {
  sign: '' | '−' | '=';
  label: string;
  detail?: string;
  value: string;
}

/**
 * The month's settlement as it is calculated (contracts/src/settlement-rules.ts), in its order: 총 매출 (coins × 100
 * won) − 결제 수수료 − 플랫폼 수수료 (− the overseas fee and the taxes withheld, when any) = 정산 금액. A month under
 * the payout minimum says its coins carry over instead of an amount it will not be paid.
 */
export function MonthSummary({ income }: { income: MonthIncome }) {
  const { t } = useTranslation();
  const won = (amount: number) => t('income.won', { amount: formatNumber(amount) });
  const withheld = income.taxWithheld + income.localTaxWithheld;
  const lines: Line[] = [
    {
      sign: '',
      label: t('income.gross'),
      detail: t('income.grossDetail', { coins: formatNumber(income.totalEarningCoin), won: WON_PER_COIN }),
      value: won(income.gross),
    },
    { sign: '−', label: t('income.pgFee'), value: won(income.pgFee) },
    { sign: '−', label: t('income.fatkatFee'), value: won(income.fatkatFee) },
    ...(income.overseasFee > 0
      ? [{ sign: '−' as const, label: t('income.overseasFee'), value: won(income.overseasFee) }]
      : []),
    // Taxes withheld from an individual's (or an overseas account's) income: why the payout is less than income.
    ...(withheld > 0 ? [{ sign: '−' as const, label: t('income.taxWithheld'), value: won(withheld) }] : []),
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mb: 2 }} data-testid="month-summary">
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
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
        <Typography variant="body2" color="text.secondary">
          {t('income.totalEarningCoin')}{' '}
          <Box component="span" sx={{ fontWeight: 700 }}>
            {t('income.coinValue', { coins: formatNumber(income.totalEarningCoin) })}
          </Box>
        </Typography>
      </Stack>
      <Box component="dl" aria-label={t('income.summaryLabel')} sx={{ m: 0 }}>
        {lines.map((line) => (
          <SummaryLine key={line.label} line={line} />
        ))}
        <SummaryLine
          strong
          sentence={income.carriesOver}
          line={{
            sign: '=',
            label: t('income.payout'),
            value: income.carriesOver
              ? t('income.carriesOver', { minimum: formatNumber(income.minimumCoins) })
              : won(income.toReceipt),
          }}
        />
      </Box>
    </Paper>
  );
}

/**
 * A line of the calculation: the sign and name on the left, the amount on the right — or, `sentence`, what stands in
 * for the amount (it may wrap).
 */
function SummaryLine({ line, strong = false, sentence = false }: { line: Line; strong?: boolean; sentence?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 2,
        py: 0.5,
        // The total under a rule, as on a receipt (a rule of its own would break the definition list's structure).
        ...(strong && { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1.5 }),
      }}
      data-testid={strong ? 'month-summary-payout' : undefined}
    >
      <Box component="dt" sx={{ m: 0, minWidth: 0 }}>
        <Typography component="span" sx={{ fontWeight: strong ? 700 : 400 }}>
          {line.sign && (
            <Box component="span" aria-hidden sx={{ display: 'inline-block', width: '1.2em' }}>
              {line.sign}
            </Box>
          )}
          {line.label}
        </Typography>
        {line.detail && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {line.detail}
          </Typography>
        )}
      </Box>
      <Box
        component="dd"
        sx={{
          m: 0,
          textAlign: 'right',
          fontWeight: strong ? 700 : 400,
          whiteSpace: sentence ? 'normal' : 'nowrap',
          color: sentence ? 'warning.dark' : undefined,
          wordBreak: 'keep-all',
        }}
      >
        {line.value}
      </Box>
    </Box>
  );
}
