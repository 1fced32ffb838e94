import type { MissionView } from '@fanmission/contracts';
import { koreaDaysLeft } from '@fanmission/contracts/time';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { failureMessage } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { formatDotDate } from '../../shared/format/date';
import { cancelRequest } from './api/cancel-request';

/** The first line of the request's text: enough to tell two requests to the same creator apart. */
export function firstLine(text: string | null): string {
  return (text ?? '').split('\n', 1)[0]!.trim();
}

/** The D-day of the creator's decision deadline, Korea-time calendar days (0 on its last day). */
export function daysToDecide(decisionDueAt: string, now: Date): number {
  return Math.max(0, koreaDaysLeft(new Date(decisionDueAt), now));
}

/**
 * A CUSTOM request waiting for the creator's decision, on my page's "requests" tab: what tells it apart from the
 * others (its amount, date and first line, no picture: nothing has been made yet) and until when the creator may
 * answer. The fan may withdraw it meanwhile, after a confirmation; its coins come back at once.
 */
export function PendingRequestCard({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const line = firstLine(mission.requestComment);
  const creator = mission.missionProduct.creator;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, borderRadius: 3, minWidth: 0 }}>
      <Stack spacing={0.75}>
        <Typography variant="body2" color="text.secondary">
          {t('missionStatus.REQUESTED')} · {formatDotDate(mission.created)}
        </Typography>
        <Link
          id={titleId}
          component={RouterLink}
          to={`/mission-detail/${mission.id}`}
          underline="hover"
          color="inherit"
          noWrap
          sx={{ fontWeight: 700 }}
        >
          {mission.missionProduct.name}
        </Link>
        <Link component={RouterLink} to={`/creator/${creator.id}`} underline="hover" variant="body2" noWrap>
          {creator.name}
        </Link>
        <Typography sx={{ fontWeight: 800 }}>{t('myPage.coinUnit', { count: mission.coinPrice })}</Typography>
        {line ? (
          <Typography variant="body2" noWrap title={line}>
            “{line}”
          </Typography>
        ) : null}
        {mission.decisionDueAt ? (
          <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 700 }}>
            {t('myPage.pendingRequest.decisionDue', {
              days: daysToDecide(mission.decisionDueAt, new Date()),
              date: formatDotDate(mission.decisionDueAt),
            })}
          </Typography>
        ) : null}
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={() => setConfirming(true)}
          sx={{ alignSelf: 'flex-start', mt: 1 }}
        >
          {t('myPage.pendingRequest.cancel')}
        </Button>
      </Stack>
      <CancelRequestDialog mission={mission} open={confirming} onClose={() => setConfirming(false)} />
    </Paper>
  );
}

function CancelRequestDialog({ mission, open, onClose }: { mission: MissionView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await cancelRequest(mission.id);
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myPage.tabAll('pending') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myPage.tabAll('rejected') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.coinBalance }),
      ]);
      void showAlert(t('myPage.pendingRequest.cancelled', { count: mission.coinPrice }));
    } catch (error) {
      onClose();
      void showAlert(failureMessage(error, t('myPage.pendingRequest.cancelFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle sx={{ fontWeight: 800 }}>{t('myPage.pendingRequest.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('myPage.pendingRequest.confirmText', { name: mission.missionProduct.name, count: mission.coinPrice })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('myPage.pendingRequest.keep')}</Button>
        <Button onClick={() => void confirm()} variant="contained" color="error" disabled={busy}>
          {t('myPage.pendingRequest.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
