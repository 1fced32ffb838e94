import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { useRequestUpload } from '../use-request-upload';
import { CameraButton } from '../../../shared/ui/camera-button';
import { FileButton } from '../../../shared/ui/file-button';

/** The attach button, the picked file's name with its remove button, and the upload progress. */
export function RequestAttachment({
  upload,
  disabled,
}: {
  upload: ReturnType<typeof useRequestUpload>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { file, uploading } = upload;
  return (
    <Box>
      <FileButton
        label={t('missionRequest.attach')}
        accept="image/*,video/*,audio/*"
        disabled={uploading || disabled}
        onPick={(picked) => void upload.pick(picked)}
      />{' '}
      <CameraButton kind="image" disabled={uploading || disabled} onPick={(picked) => void upload.pick(picked)} />
      {file ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {file.name}
          </Typography>
          {file.entry ? (
            <Button size="small" onClick={upload.remove}>
              {t('missionRequest.removeFile')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {uploading && file ? (
        <LinearProgress
          variant="determinate"
          value={file.progress}
          aria-label={t('missionRequest.uploading')}
          sx={{ mt: 1 }}
        />
      ) : null}
    </Box>
  );
}
