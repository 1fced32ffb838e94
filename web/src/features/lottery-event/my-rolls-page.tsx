import { formatNumber, INFINITE_SCROLL_THRESHOLD_PX, type RouletteRoll } from '@fanmission/contracts';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nextPageParam } from '../../shared/api/pages';
import { queryKeys } from '../../shared/api/query-keys';
import { verifyRoll } from '../../shared/fairness/verify';
import { formatDotDate } from '../../shared/format/date';
import { useSession } from '../../shared/session/session';
import { EmptyState, LoadingState } from '../../shared/ui/list-states';
import { Page } from '../../shared/ui/page';
import { useScrolledItems } from '../../shared/ui/scroll-loading';
import { fetchRolls } from './api';
import { MatchChip } from './verify-panel';

/** One roll and the browser's own recomputation of it. */
function RollRow({ roll }: { roll: RouletteRoll }) {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['roll-check', roll.id, roll.serverSeed],
    queryFn: () => verifyRoll(roll),
    staleTime: Infinity,
  });
  const result = check.data;
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={`${roll.creatorName} ${roll.productName} #${roll.nonce ?? '-'}`}
      sx={{ p: 2, borderRadius: 3, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0 }} noWrap>
          {roll.creatorName} · {roll.productName}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={t('lotteryEvent.rolls.cost', { coins: formatNumber(roll.coins) })}
        />
        <Chip
          size="small"
          color={roll.success ? 'success' : 'default'}
          label={t(roll.success ? 'lotteryEvent.rolls.won' : 'lotteryEvent.rolls.lost')}
        />
        {result?.state === 'checked' ? (
          <MatchChip ok={result.ok} />
        ) : result ? (
          <Chip
            size="small"
            variant="outlined"
            label={t(result.state === 'pending' ? 'lotteryEvent.rolls.pending' : 'lotteryEvent.rolls.legacy')}
          />
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {formatDotDate(roll.created)} · {t('lotteryEvent.rolls.nonce')} {roll.nonce ?? '-'} ·{' '}
        {t('lotteryEvent.rolls.probability')} {roll.winProbability ?? '-'}%
        {result?.state === 'checked' ? ` · ${t('lotteryEvent.rolls.value', { value: result.value.toFixed(6) })}` : ''}
      </Typography>
      {roll.clientSeed !== null ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }}>
          {roll.clientSeed} · {roll.commitment}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** `/my-rolls`: the fan's lucky roulette rolls, each recomputed in the browser once its seed is revealed. */
export function MyRollsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.rouletteRolls(session.userId),
      initialPageParam: 0,
      queryFn: ({ pageParam }) => fetchRolls(pageParam),
      getNextPageParam: nextPageParam,
    }),
  );
  const rolls = useScrolledItems(list, INFINITE_SCROLL_THRESHOLD_PX.browseMissions);
  const anyPending = rolls.some((roll) => roll.serverSeed === null && roll.commitment !== null);
  return (
    <Page title={t('lotteryEvent.rolls.title')} width="md">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('lotteryEvent.rolls.intro')}
      </Typography>
      {anyPending ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('lotteryEvent.rolls.rotateHint')}
        </Typography>
      ) : null}
      {list.isPending ? (
        <LoadingState />
      ) : rolls.length === 0 ? (
        <EmptyState message={t('lotteryEvent.rolls.empty')} />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('lotteryEvent.rolls.title')}>
          {rolls.map((roll) => (
            <RollRow key={roll.id} roll={roll} />
          ))}
        </Stack>
      )}
      {list.isFetchingNextPage ? <LoadingState py={3} size={28} /> : null}
    </Page>
  );
}
