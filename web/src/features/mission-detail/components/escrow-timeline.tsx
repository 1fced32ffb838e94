import type { EscrowStep, MissionEscrow, MissionView } from '@fanmission/contracts';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOwnCancel } from '../../../shared/cards/own-cancel';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../shared/session/session';
import { useMissionEscrow } from '../api/escrow';
import { formatDotDateTime } from '../../../shared/format/date';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The client's clock, moved by the server's offset so the countdown does not depend on the device's clock. */
function useServerNow(serverNow: string | undefined): number {
  const [offset] = useState(() => (serverNow ? Date.parse(serverNow) - Date.now() : 0));
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + offset), 30_000);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}

function Countdown({ dueAt, now }: { dueAt: string; now: number }) {
  const { t } = useTranslation();
  const left = Date.parse(dueAt) - now;
  if (left <= 0) return <Chip size="small" color="warning" label={t('trust.escrow.passed')} />;
  const label =
    left >= DAY
      ? t('trust.escrow.countdown', { days: Math.floor(left / DAY), hours: Math.floor((left % DAY) / HOUR) })
      : t('trust.escrow.countdownHours', {
          hours: Math.floor(left / HOUR),
          minutes: Math.floor((left % HOUR) / 60_000),
        });
  return <Chip size="small" color="primary" variant="outlined" label={label} data-testid="escrow-countdown" />;
}

function stepLabel(t: ReturnType<typeof useTranslation>['t'], step: EscrowStep): string {
  switch (step.kind) {
    case 'DEADLINE':
      return t(step.reason === 'DECISION' ? 'trust.escrow.stepDEADLINE_DECISION' : 'trust.escrow.stepDEADLINE_PERFORM');
    case 'RELEASED':
      return step.creatorCoins !== null && step.creatorCoins !== step.coins
        ? t('trust.escrow.stepRELEASED_share', { coins: step.coins, share: step.creatorCoins })
        : t('trust.escrow.stepRELEASED', { coins: step.coins });
    default:
      return t(`trust.escrow.step${step.kind}`, { coins: step.coins });
  }
}

function Timeline({ escrow, ownCancel }: { escrow: MissionEscrow; ownCancel: boolean }) {
  const { t } = useTranslation();
  const now = useServerNow(escrow.now);
  const coins = escrow.heldCoins;
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      aria-labelledby="escrow-title"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography id="escrow-title" variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('trust.escrow.title')}
        </Typography>
        <Chip
          size="small"
          data-testid="escrow-state"
          color={escrow.state === 'HELD' ? 'primary' : escrow.state === 'RELEASED' ? 'success' : 'default'}
          label={t(`trust.escrow.state${escrow.state}`, { coins })}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('trust.escrow.intro')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('trust.escrow.title')}>
        {escrow.steps.map((step, index) => {
          const future = Date.parse(step.at) > now;
          return (
            <Box
              component="li"
              key={`${step.kind}-${index}`}
              data-step={step.kind}
              sx={{
                position: 'relative',
                pl: 3,
                pb: index === escrow.steps.length - 1 ? 0 : 2,
                borderLeft: 2,
                borderColor: future ? 'divider' : 'primary.main',
                borderLeftStyle: future ? 'dashed' : 'solid',
                ml: 0.75,
              }}
            >
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  left: -7,
                  top: 4,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: future ? 'background.paper' : 'primary.main',
                  border: 2,
                  borderColor: 'primary.main',
                }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 700 }}>
                  {/* The fan's own cancel is his, not a refusal. */}
                  {ownCancel && step.kind === 'REFUSED' ? t('trust.escrow.stepOWN_CANCEL') : stepLabel(t, step)}
                </Typography>
                {step.kind === 'DEADLINE' && escrow.deadline ? <Countdown dueAt={step.at} now={now} /> : null}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {formatDotDateTime(step.at)}
                {step.kind === 'REFUSED' && step.reason && !ownCancel
                  ? ` · ${t(`trust.escrow.reason${step.reason}`)}`
                  : ''}
              </Typography>
              {step.kind === 'REFUNDED' ? (
                <Link component={RouterLink} to="/coin-history" variant="body2">
                  {t('trust.escrow.history')}
                </Link>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

/**
 * The escrow timeline of `/mission-detail/{id}`, for the requester and the creator (and operators): the
 * API answers 404 to anybody else, and then nothing is shown.
 */
export function EscrowTimeline({ mission }: { mission: MissionView }) {
  const session = useSession();
  const party =
    session.userId !== null &&
    (session.userId === mission.user.id || session.creatorId === mission.missionProduct.creator.id);
  const query = useMissionEscrow(mission.id, party);
  if (!party || !query.data) return null;
  return <Timeline escrow={query.data} ownCancel={isOwnCancel(mission)} />;
}
