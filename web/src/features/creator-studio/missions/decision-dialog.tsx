import { TEXT_LIMITS } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { MissionSummary, type MissionDialogProps } from './mission-summary';

/** A custom request's accept (message optional) / refuse (reason required, passed to the requester) modal. */
export function DecisionDialog({ mission, onClose, onDone }: MissionDialogProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const decide = async (action: 'accept' | 'refuse') => {
    const feedback = message.trim();
    if (action === 'refuse' && !feedback) {
      setReasonMissing(true);
      return;
    }
    setBusy(true);
    try {
      await api(`/missions/${mission.id}/${action}`, {
        method: 'POST',
        body: feedback ? { feedback } : {},
      });
      // The list behind the alert is refreshed at once: closed, the alert shows the mission already in its new tab.
      onDone();
      await showAlert(
        t(action === 'accept' ? 'creatorStudio.missions.decision.accepted' : 'creatorStudio.missions.decision.refused'),
      );
      onClose();
    } catch (error) {
      setBusy(false);
      void showAlert(
        action === 'accept'
          ? t('creatorStudio.missions.decision.acceptFailed')
          : t('creatorStudio.missions.decision.refuseFailed', { reason: (error as Error).message }),
      );
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="decision-title">
      <DialogTitle id="decision-title" sx={{ fontWeight: 800 }}>
        {t('creatorStudio.missions.decision.title')}
      </DialogTitle>
      <DialogContent>
        <MissionSummary mission={mission} />
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField
            label={`${t('creatorStudio.missions.decision.message')} / ${t('creatorStudio.missions.decision.reason')}`}
            multiline
            minRows={3}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value.slice(0, TEXT_LIMITS.comment));
              setReasonMissing(false);
            }}
            error={reasonMissing}
            helperText={
              reasonMissing
                ? t('creatorStudio.missions.decision.reasonRequired')
                : `${message.length}/${TEXT_LIMITS.comment}`
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button color="error" disabled={busy} onClick={() => void decide('refuse')}>
          {t('creatorStudio.missions.decision.refuse')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void decide('accept')}>
          {t('creatorStudio.missions.decision.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
