import { TEXT_LIMITS } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { MissionSummary, type MissionDialogProps } from './mission-summary';

/**
 * A custom request's modal, in two steps: the request with "accept" and "refuse"; then, for an acceptance, an optional
 * message and the acceptance; for a refusal (irreversible: the fan's coins are refunded), the reason he is given
 * (required), what refusing does, and the refusal. "Back" returns to the first step.
 */
export function DecisionDialog({ mission, onClose, onDone }: MissionDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'choose' | 'accept' | 'refuse'>('choose');
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

  const open = (next: 'accept' | 'refuse') => {
    setMessage('');
    setReasonMissing(false);
    setStep(next);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="decision-title">
      <DialogTitle id="decision-title" sx={{ fontWeight: 800 }}>
        {t('creatorStudio.missions.decision.title')}
      </DialogTitle>
      <DialogContent>
        <MissionSummary mission={mission} />
        {step === 'choose' ? (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
            {t('creatorStudio.missions.decision.choose')}
          </Typography>
        ) : (
          <Stack spacing={1} sx={{ pt: 1 }}>
            {step === 'refuse' ? (
              <Alert severity="warning" role="note">
                {t('creatorStudio.missions.decision.refuseWarning')}
              </Alert>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('creatorStudio.missions.decision.acceptStep')}
              </Typography>
            )}
            <TextField
              label={t(
                step === 'refuse'
                  ? 'creatorStudio.missions.decision.reason'
                  : 'creatorStudio.missions.decision.message',
              )}
              required={step === 'refuse'}
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
        )}
      </DialogContent>
      <DialogActions>
        {step === 'choose' ? (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button color="error" onClick={() => open('refuse')}>
              {t('creatorStudio.missions.decision.refuse')}
            </Button>
            <Button variant="contained" onClick={() => open('accept')}>
              {t('creatorStudio.missions.decision.accept')}
            </Button>
          </>
        ) : (
          <>
            <Button disabled={busy} onClick={() => setStep('choose')}>
              {t('creatorStudio.missions.decision.back')}
            </Button>
            {step === 'refuse' ? (
              <Button color="error" variant="contained" disabled={busy} onClick={() => void decide('refuse')}>
                {t('creatorStudio.missions.decision.refuseConfirm')}
              </Button>
            ) : (
              <Button variant="contained" disabled={busy} onClick={() => void decide('accept')}>
                {t('creatorStudio.missions.decision.acceptConfirm')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
