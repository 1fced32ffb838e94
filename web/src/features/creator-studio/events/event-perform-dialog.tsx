import { TEXT_LIMITS, type EventApplicant, type FileEntry } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { performFieldOf } from '../missions/perform-dialog';
import { mediaKindOf, uploadWithProgressTo } from '../upload';
import { refusalOf } from './api';

/** Send needs an uploaded file and a message of 1–200 characters (spec 02 §5, event perform). */
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
  const [file, setFile] = useState<FileEntry | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const over = message.length > TEXT_LIMITS.responseComment;

  const remove = async (entry: FileEntry, quiet = false) => {
    try {
      await api(`/files/s3/${entry.id}`, { method: 'DELETE' });
      if (!quiet) void showAlert(t('eventManagement.perform.deleteDone'));
    } catch (error) {
      void showAlert(t('eventManagement.perform.deleteFailed', { reason: (error as Error).message }));
    }
  };

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    if (file) {
      await remove(file, true);
      setFile(null);
    }
    if (mediaKindOf(picked) === null) {
      void showAlert(t('eventManagement.perform.unknownFormat'));
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadWithProgressTo<FileEntry>('/files/s3', 'data', picked, setProgress, picked.name);
      if (performFieldOf(stored.contentType) === null) {
        await remove(stored, true);
        void showAlert(t('eventManagement.perform.unknownFormat'));
        return;
      }
      setFile(stored);
      void showAlert(t('eventManagement.perform.uploadDone'));
    } catch (error) {
      void showAlert(t('eventManagement.perform.uploadFailed', { reason: (error as Error).message }));
    } finally {
      setProgress(null);
    }
  };

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
      await showAlert(t('eventManagement.perform.done'));
      onClose();
      onDone();
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
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Button component="label" variant="outlined" disabled={progress !== null}>
              {t('eventManagement.perform.choose')}
              <input
                hidden
                type="file"
                accept="video/*,image/*,audio/*"
                aria-label={t('eventManagement.perform.choose')}
                onChange={(event) => {
                  void upload(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            {file ? (
              <>
                <Typography variant="body2" data-testid="prize-file">
                  {file.contentType}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  onClick={() => {
                    void remove(file);
                    setFile(null);
                  }}
                >
                  {t('eventManagement.perform.removeFile')}
                </Button>
              </>
            ) : null}
          </Stack>
          {progress !== null ? (
            <Box>
              <LinearProgress variant="determinate" value={progress} />
              <Typography variant="caption">{t('eventManagement.perform.uploading', { percent: progress })}</Typography>
            </Box>
          ) : null}
          {file && file.contentType.startsWith('image/') ? (
            <img src={file.s3Url} alt="" style={{ width: 200, maxWidth: '100%', borderRadius: 8 }} />
          ) : file && file.contentType.startsWith('video/') ? (
            <video src={file.s3Url} controls style={{ width: 200, maxWidth: '100%', borderRadius: 8 }} />
          ) : file ? (
            <audio src={file.s3Url} controls />
          ) : null}
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
