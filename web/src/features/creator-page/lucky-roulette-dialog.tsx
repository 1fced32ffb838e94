import { formatNumber, type MissionProduct, NOT_ENOUGH_COINS } from '@fanmission/contracts';
import Casino from '@mui/icons-material/Casino';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { invalidateCoinBalance, useCoinBalance } from '../../shared/api/coin-balance';
import { queryKeys } from '../../shared/api/query-keys';
import { RouletteSeedPanel } from '../../shared/fairness/roulette-seed-panel';
import { useSession } from '../../shared/session/session';
import { formatMonthDayOf } from '../../shared/format/date';
import { fetchPerformDueAt, openLuckyMission, rollLuckyMission } from './api/lucky';
import { expectedCoinsPerWin } from './roulette-odds';

/** `MM.DD` of an instant in Korea time: a deadline within the next days needs no year. */

/** How long the win or loss animation plays before the result shows. */
export const ROULETTE_ANIMATION_MS = 1200;

type Phase = 'opening' | 'ready' | 'playing' | 'won' | 'lost';

/**
 * The lucky roulette: a lucky mission is created on open; each play rolls it for the product price, plays
 * the win or loss animation, then shows the result; a loss offers a retry with the coin cost. The odds (the win chance
 * and the coins a win costs on average) are shown before every roll, the first and each retry. Play is disabled while
 * playing or when the held coins are below the cost.
 */
export function LuckyRouletteDialog({ product, onClose }: { product: MissionProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const fairnessId = useId();
  const [phase, setPhase] = useState<Phase>('opening');
  const [outcome, setOutcome] = useState<boolean | null>(null);
  /** The won mission's perform deadline, once read (the link shows without it until then). */
  const [dueAt, setDueAt] = useState<string | null>(null);
  const [fairnessOpen, setFairnessOpen] = useState(false);
  const missionId = useRef<number | null>(null);
  const cost = product.coinPrice ?? 0;
  const perWin = expectedCoinsPerWin(cost, product.winProbability);
  const balance = useCoinBalance();
  const held = balance.data?.point ?? 0;

  const fail = async () => {
    await showAlert(t('lucky.failed'));
    window.location.reload();
  };

  useEffect(() => {
    let cancelled = false;
    openLuckyMission(product.id)
      .then((id) => {
        if (cancelled) return;
        missionId.current = id;
        setPhase('ready');
      })
      .catch(() => {
        if (!cancelled) void fail();
      });
    return () => {
      cancelled = true;
    };
  }, [product.id]); // opened once per dialog

  const play = async () => {
    if (missionId.current === null) return;
    setPhase('playing');
    setOutcome(null);
    try {
      const data = await rollLuckyMission(missionId.current);
      setOutcome(data.success);
      await new Promise((resolve) => setTimeout(resolve, ROULETTE_ANIMATION_MS));
      // The roll used the seed's next nonce: the panel shows the one the next roll will use.
      await Promise.all([
        invalidateCoinBalance(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.rouletteSeed(session.userId) }),
      ]);
      setPhase(data.success ? 'won' : 'lost');
      if (data.success) {
        // The deadline is a courtesy: the link to the mission works without it.
        fetchPerformDueAt(missionId.current)
          .then(setDueAt)
          .catch(() => undefined);
      }
    } catch (error) {
      if (error instanceof ApiError && error.body?.code === NOT_ENOUGH_COINS) {
        setPhase('ready');
        void showAlert(t('missionRequest.notEnoughCoins'));
        return;
      }
      void fail();
    }
  };

  const canPlay = (phase === 'ready' || phase === 'lost') && held >= cost && !balance.isPending;
  return (
    <Dialog open onClose={phase === 'playing' ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle sx={{ fontWeight: 800 }}>{product.name}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 2 }}>
          <Box
            role="img"
            aria-label={
              phase === 'playing'
                ? t(outcome === null ? 'lucky.spinning' : outcome ? 'lucky.winAnimation' : 'lucky.lossAnimation')
                : t('lucky.wheel')
            }
            sx={{
              width: 140,
              height: 140,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              background:
                phase === 'won'
                  ? 'radial-gradient(circle, #ffe082, #ff4f8b)'
                  : 'conic-gradient(#ff4f8b 0 25%, #ffd1e0 0 50%, #ff4f8b 0 75%, #ffd1e0 0)',
              animation: phase === 'playing' ? 'fanmission-spin 0.4s linear infinite' : undefined,
              '@keyframes fanmission-spin': { to: { transform: 'rotate(360deg)' } },
            }}
          >
            <Casino sx={{ fontSize: 56, color: '#fff' }} />
          </Box>
          {phase === 'won' ? (
            <>
              <Typography variant="h6" sx={{ fontWeight: 800 }}>
                {t('lucky.won', { name: product.name })}
              </Typography>
              <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                {t('lucky.waitForCreator')}
              </Typography>
              {missionId.current === null ? null : (
                <Button component={RouterLink} to={`/mission-detail/${missionId.current}`} variant="contained">
                  {dueAt ? t('lucky.myMissionUntil', { date: formatMonthDayOf(dueAt) }) : t('lucky.myMission')}
                </Button>
              )}
            </>
          ) : (
            <>
              {phase === 'lost' ? (
                <Typography variant="h6" sx={{ fontWeight: 800 }}>
                  {t('lucky.lost')}
                </Typography>
              ) : null}
              <Box aria-label={t('lucky.odds')} role="group" sx={{ textAlign: 'center' }}>
                <Typography color="text.secondary">
                  {t('lucky.chance', { value: product.winProbability ?? 0 })}
                </Typography>
                {perWin === null ? null : (
                  <Typography variant="body2" color="text.secondary">
                    {t('lucky.perWin', { coins: formatNumber(perWin) })}
                  </Typography>
                )}
              </Box>
            </>
          )}
          <Typography color={held < cost ? 'error' : 'text.secondary'}>
            {t('missionRequest.held', { count: held })}
          </Typography>
          {/* How the roll is decided (seeds and nonces) is there for whoever asks, not in the way of the roll. */}
          <Button
            size="small"
            onClick={() => setFairnessOpen((open) => !open)}
            aria-expanded={fairnessOpen}
            aria-controls={fairnessId}
          >
            {t('lucky.fairness')}
          </Button>
          <Collapse in={fairnessOpen} id={fairnessId} sx={{ width: '100%' }} unmountOnExit>
            <RouletteSeedPanel disabled={phase === 'playing' || phase === 'opening'} />
          </Collapse>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={phase === 'playing'}>
          {t('common.close')}
        </Button>
        {phase === 'won' ? null : (
          <Button variant="contained" disabled={!canPlay} onClick={() => void play()}>
            {t(phase === 'lost' ? 'lucky.retry' : 'lucky.play', { count: cost })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
