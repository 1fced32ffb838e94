import { RELIABILITY, type CreatorReliability } from '@fanmission/contracts';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { unitAmount } from '../format/duration';

/*
 * A creator's public reliability: the on-time rate and the median time to perform over the last 90 days,
 * hidden below 5 missions. The cards of one search page ask together: ids requested in the same tick are fetched by
 * one `GET /creators/reliability?ids=…`.
 */

let pending: { ids: Set<number>; promise: Promise<Map<number, CreatorReliability>> } | null = null;

function loadReliability(creatorId: number): Promise<CreatorReliability | null> {
  if (!pending || pending.ids.size >= RELIABILITY.maxCreatorsPerRequest) {
    const ids = new Set<number>();
    const promise = new Promise<Map<number, CreatorReliability>>((resolve, reject) => {
      queueMicrotask(() => {
        pending = null;
        api<CreatorReliability[]>('/creators/reliability', { query: { ids: [...ids].join(',') }, globalErrors: 'none' })
          .then((response) => resolve(new Map(response.data.map((item) => [item.creatorId, item]))))
          .catch(reject);
      });
    });
    pending = { ids, promise };
  }
  pending.ids.add(creatorId);
  return pending.promise.then((all) => all.get(creatorId) ?? null);
}

export function useCreatorReliability(creatorId: number) {
  return useQuery({
    queryKey: ['creator-reliability', creatorId] as const,
    queryFn: () => loadReliability(creatorId),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** "6.5일", "1 day", "5 hours": the language's own words and plurals for the time (Intl's units). */
function performTime(language: string, hours: number): string {
  const [amount, unit] =
    hours >= 24
      ? [Math.round((hours / 24) * 10) / 10, 'day' as const]
      : [Math.max(1, Math.round(hours)), 'hour' as const];
  return unitAmount(language, amount, unit, 1);
}

/**
 * The on-time rate and median time chips, or nothing below 5 missions. `withPerformTime={false}` leaves the time out
 * where the page shows it already (the creator page's response times line, from the capacity medians).
 */
export function CreatorReliabilityChips({
  creatorId,
  centered = false,
  withPerformTime = true,
}: {
  creatorId: number;
  centered?: boolean;
  withPerformTime?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { data } = useCreatorReliability(creatorId);
  if (!data || data.onTimeRate === null) return null;
  return (
    <Tooltip title={t('trust.reliability.basis', { count: data.dueCount })}>
      <Stack
        direction="row"
        data-testid="creator-reliability"
        sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: centered ? 'center' : 'flex-start', my: centered ? 0 : 1 }}
        aria-label={t('trust.reliability.basis', { count: data.dueCount })}
      >
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<VerifiedOutlined />}
          label={t('trust.reliability.onTime', { rate: Math.round(data.onTimeRate * 100) })}
        />
        {withPerformTime && data.medianPerformHours !== null ? (
          <Chip
            size="small"
            variant="outlined"
            icon={<AccessTimeOutlined />}
            label={t('trust.reliability.median', { time: performTime(i18n.language, data.medianPerformHours) })}
          />
        ) : null}
      </Stack>
    </Tooltip>
  );
}
