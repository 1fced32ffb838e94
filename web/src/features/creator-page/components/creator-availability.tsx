import { requestBlock, type CreatorAvailability, type ResponseTimes } from '@fanmission/contracts';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import Schedule from '@mui/icons-material/Schedule';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { unitAmount } from '../../../shared/format/duration';
import { useCreatorAvailability } from '../api/availability';

/** "2일", "1 day", "5 hours": the language's own words for a median time, whole days from a day on. */
export function responseTime(language: string, hours: number): string {
  const [amount, unit] =
    hours >= 24 ? [Math.ceil(hours / 24), 'day' as const] : [Math.max(1, Math.ceil(hours)), 'hour' as const];
  return unitAmount(language, amount, unit);
}

/** "보통 2일 안에 수락 · 5일 안에 완료", or null while neither time has enough missions behind it. */
export function responseTimesText(t: TFunction, language: string, times: ResponseTimes): string | null {
  const parts = [
    times.acceptHours === null
      ? null
      : t('capacity.responseTimes.accept', { time: responseTime(language, times.acceptHours) }),
    times.completeHours === null
      ? null
      : t('capacity.responseTimes.complete', { time: responseTime(language, times.completeHours) }),
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}

/** "12월 5일에 돌아옵니다": a return day (Korea time, YYYY-MM-DD) in the reader's language. */
export function returnDayText(t: TFunction, language: string, returnOn: string): string {
  const date = new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${returnOn}T00:00:00Z`),
  );
  return t('capacity.notice.returnsOn', { date });
}

/** The request button's reason for a product that cannot be requested now, or null when it can. */
export function requestBlockedReason(
  t: TFunction,
  availability: CreatorAvailability | null | undefined,
  productId: number,
): string | null {
  const block = availability ? requestBlock(availability, productId) : null;
  if (!block) return null;
  return block.reason === 'PAUSED'
    ? t('capacity.button.paused')
    : t('capacity.button.full', { open: block.open, max: block.max });
}

/**
 * The creator page's word on his availability: his pause ("잠시 쉬어가요 · 12월 5일에 돌아옵니다") and his typical
 * response times over the last 90 days (shown from 5 missions on, docs/rules/creators.md).
 */
export function CreatorAvailabilityNotice({ creatorId }: { creatorId: number }) {
  const { t, i18n } = useTranslation();
  const { data } = useCreatorAvailability(creatorId);
  if (!data) return null;
  const times = responseTimesText(t, i18n.language, data.responseTimes);
  // Nothing to say, no box: its margins would move the product cards below once the answer arrives.
  if (!data.paused && !times) return null;
  return (
    <Stack spacing={1} sx={{ my: 1 }} data-testid="creator-availability">
      {data.paused ? (
        <Alert severity="info" icon={<PauseCircleOutlined />} sx={{ overflowWrap: 'anywhere' }}>
          {[
            data.pauseMessage ?? t('capacity.notice.defaultMessage'),
            data.returnOn && returnDayText(t, i18n.language, data.returnOn),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Alert>
      ) : null}
      {times ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} title={t('capacity.responseTimes.basis')}>
          <Schedule fontSize="small" color="action" aria-hidden />
          <Typography
            variant="body2"
            color="text.secondary"
            aria-label={`${t('capacity.responseTimes.label')}: ${times}`}
          >
            {times}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
