import { TEXT_LIMITS, type FileEntry, type MissionView } from '@fanmission/contracts';
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
import { mediaKindOf, uploadWithProgressTo } from '../upload';
import { MissionSummary } from './mission-table';
import { CameraButton } from '../../../shared/ui/camera-button';

/** Which perform field an uploaded file goes in; null for anything but video, image or audio. */
export function performFieldOf(contentType: string): 'videoId' | 'pictureId' | 'voiceId' | null {
  const kind = mediaKindOf({ type: contentType });
  return kind === 'video' ? 'videoId' : kind === 'image' ? 'pictureId' : kind === 'audio' ? 'voiceId' : null;
}

/** Send is enabled only with an uploaded file and a comment (spec 02 §5). */
export function canSend(file: FileEntry | null, comment: string, busy: boolean): boolean {
  return file !== null && comment.trim() !== '' && !busy;
}

/**
 * The perform modal: upload the answer (video, image or voice) with a progress bar, write a comment of at most 200
 * characters, send. Anything else is an 'unknown file format' and its upload is removed.
 */
export function PerformDialog({
  mission,
  onClose,
  onDone,
}: {
  mission: MissionView;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<FileEntry | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const remove = async (entry: FileEntry, quiet = false) => {
    try {
      await api(`/files/s3/${entry.id}`, { method: 'DELETE' });
      if (!quiet) void showAlert(t('creatorStudio.missions.perform.deleteDone'));
    } catch (error) {
      void showAlert(t('creatorStudio.missions.perform.deleteFailed', { reason: (error as Error).message }));
    }
  };

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    if (file) {
      await remove(file, true);
      setFile(null);
    }
    setProgress(0);
    try {
      const stored = await uploadWithProgressTo<FileEntry>('/files/s3', 'data', picked, setProgress, picked.name);
      if (performFieldOf(stored.contentType) === null) {
        await remove(stored, true);
        void showAlert(t('creatorStudio.missions.perform.unknownFormat'));
        return;
      }
      setFile(stored);
      void showAlert(t('creatorStudio.missions.perform.uploadDone'));
    } catch (error) {
      const message = (error as Error).message;
      void showAlert(
        /format/i.test(message) || mediaKindOf(picked) === null
          ? t('creatorStudio.missions.perform.unknownFormat')
          : t('creatorStudio.missions.perform.uploadFailed', { reason: message }),
      );
    } finally {
      setProgress(null);
    }
  };

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
      await showAlert(t('creatorStudio.missions.perform.done'));
      onClose();
      onDone();
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
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Button component="label" variant="outlined" disabled={progress !== null}>
              {t('creatorStudio.missions.perform.choose')}
              <input
                hidden
                type="file"
                accept="video/*,image/*,audio/*"
                aria-label={t('creatorStudio.missions.perform.choose')}
                onChange={(event) => {
                  void upload(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            <CameraButton
              kind="video"
              facing="user"
              disabled={progress !== null}
              onPick={(picked) => void upload(picked)}
            />
            {file ? (
              <>
                <Typography variant="body2" data-testid="performed-file">
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
                  {t('creatorStudio.missions.perform.removeFile')}
                </Button>
              </>
            ) : null}
          </Stack>
          {progress !== null ? (
            <Box>
              <LinearProgress variant="determinate" value={progress} />
              <Typography variant="caption">
                {t('creatorStudio.missions.perform.uploading', { percent: progress })}
              </Typography>
            </Box>
          ) : null}
          {file && file.contentType.startsWith('video/') ? (
            <video src={file.s3Url} controls style={{ width: 200, maxWidth: '100%', borderRadius: 8 }} />
          ) : file && file.contentType.startsWith('image/') ? (
            <img src={file.s3Url} alt="" style={{ width: 200, maxWidth: '100%', borderRadius: 8 }} />
          ) : file ? (
            <audio src={file.s3Url} controls />
          ) : null}
          <TextField
            label={t('creatorStudio.missions.perform.comment')}
            multiline
            minRows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value.slice(0, TEXT_LIMITS.responseComment))}
            helperText={t('creatorStudio.missions.perform.counter', {
              count: comment.length,
              max: TEXT_LIMITS.responseComment,
            })}
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
