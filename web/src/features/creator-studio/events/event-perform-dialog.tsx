import { TEXT_LIMITS, type EventApplicant, type FileEntry } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { PerformFilePicker, performFieldOf, usePerformUpload } from '../perform-upload';
import { refusalOf } from './api';

/** Send needs an uploaded file and a message of 1–200 characters (event perform). */
export function canSendPrize(file: FileEntry | null, message: string, busy: boolean): boolean {
  return file !== null && message.trim() !== '' && message.length <= TEXT_LIMITS.responseComment && !busy;
}

/**
 * The winner's prize: `PUT /mission-products/{id}/missions/{missionId}/perform` with a message of at most 200
 * characters (red when over) and one uploaded video, picture or voice.
 */
export function EventPerformDialog({
  productId,
  winner,
  onClose,
  onDone,
}: {
  productId: number;
  winner: EventApplicant;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const state = usePerformUpload('eventManagement.perform', { checkBeforeUpload: true });
  const { file } = state;
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const over = message.length > TEXT_LIMITS.responseComment;

  const send = async () => {
    const field = file ? performFieldOf(file.contentType) : null;
    if (!file || !field) return;
    setBusy(true);
    try {
      const { data } = await api<{ id?: number }>(`/mission-products/${productId}/missions/${winner.id}/perform`, {
        method: 'PUT',
        body: { responseComment: message.trim(), [field]: file.id },
      });
      if (!data?.id) {
        setBusy(false);
        void showAlert(t('eventManagement.perform.noId'));
        return;
      }
      // The list refreshes behind the confirmation: nothing stale to click once it is closed.
      onDone();
      await showAlert(t('eventManagement.perform.done'));
      onClose();
    } catch (error) {
      setBusy(false);
      void showAlert(t('eventManagement.perform.failed', { reason: refusalOf(error).message }));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="event-perform-title">
      <DialogTitle id="event-perform-title" sx={{ fontWeight: 800 }}>
        {t('eventManagement.perform.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 700 }}>
            {winner.user.username}
            {winner.event.name ? ` (${winner.event.name})` : ''}
          </Typography>
          <Alert severity="info">{t('eventManagement.perform.guide')}</Alert>
          <PerformFilePicker state={state} fileTestId="prize-file" />
          <TextField
            label={t('eventManagement.perform.message')}
            multiline
            minRows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            error={over}
            helperText={
              <Typography
                component="span"
                variant="caption"
                data-testid="prize-message-counter"
                sx={{ color: over ? 'error.main' : undefined }}
              >
                {over
                  ? t('eventManagement.perform.tooLong', { max: TEXT_LIMITS.responseComment })
                  : t('eventManagement.perform.counter', {
                      count: message.length,
                      max: TEXT_LIMITS.responseComment,
                    })}
              </Typography>
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('eventManagement.perform.cancel')}</Button>
        <Button variant="contained" disabled={!canSendPrize(file, message, busy)} onClick={() => void send()}>
          {t('eventManagement.perform.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
