import { TEXT_LIMITS, type FileEntry } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
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
import { installMomentReached } from '../../../shared/pwa/install-hint';
import { api } from '../../../shared/api/client';
import { PerformFilePicker, performFieldOf, usePerformUpload } from '../perform-upload';
import { MissionSummary, type MissionDialogProps } from './mission-summary';
import { CameraButton } from '../../../shared/ui/camera-button';

export { performFieldOf };

/** Send is enabled only with an uploaded file and a comment. */
export function canSend(file: FileEntry | null, comment: string, busy: boolean): boolean {
  return file !== null && comment.trim() !== '' && !busy;
}

/**
 * The perform modal: upload the answer (video, image or voice) with a progress bar, write a comment of at most 200
 * characters, send. Anything else is an 'unknown file format' and its upload is removed.
 */
export function PerformDialog({ mission, onClose, onDone }: MissionDialogProps) {
  const { t } = useTranslation();
  const state = usePerformUpload('creatorStudio.missions.perform');
  const { file } = state;
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!file) return;
    const field = performFieldOf(file.contentType);
    if (!field) return;
    setBusy(true);
    try {
      const { data } = await api<{ id?: number }>(`/missions/${mission.id}/perform`, {
        method: 'POST',
        body: { responseComment: comment.trim(), [field]: file.id },
      });
      if (!data?.id) {
        void showAlert(t('creatorStudio.missions.perform.noId'));
        setBusy(false);
        return;
      }
      onDone();
      installMomentReached();
      await showAlert(t('creatorStudio.missions.perform.done'));
      onClose();
    } catch (error) {
      setBusy(false);
      void showAlert(t('creatorStudio.missions.perform.failed', { reason: (error as Error).message }));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="perform-title">
      <DialogTitle id="perform-title" sx={{ fontWeight: 800 }}>
        {t('creatorStudio.missions.perform.title')}
      </DialogTitle>
      <DialogContent>
        <MissionSummary mission={mission} />
        <Stack spacing={2}>
          <Alert severity="info">{t('creatorStudio.missions.perform.guide')}</Alert>
          <PerformFilePicker
            state={state}
            fileTestId="performed-file"
            extra={
              <CameraButton
                kind="video"
                facing="user"
                disabled={state.progress !== null}
                onPick={(picked) => void state.upload(picked)}
              />
            }
          />
          {/* Required (Send waits for it): starred, and until written its hint says why Send is disabled. */}
          <TextField
            label={t('creatorStudio.missions.perform.comment')}
            required
            multiline
            minRows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value.slice(0, TEXT_LIMITS.responseComment))}
            helperText={`${comment.trim() === '' ? `${t('creatorStudio.missions.perform.commentRequired')} ` : ''}${t(
              'creatorStudio.missions.perform.counter',
              { count: comment.length, max: TEXT_LIMITS.responseComment },
            )}`}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('creatorStudio.missions.perform.cancel')}</Button>
        <Button variant="contained" disabled={!canSend(file, comment, busy)} onClick={() => void send()}>
          {t('creatorStudio.missions.perform.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
