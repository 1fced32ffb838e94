import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { useRequestUpload } from '../use-request-upload';
import { CameraButton } from '../../../shared/ui/camera-button';
import { FileButton } from '../../../shared/ui/file-button';
import { PickedFile } from '../../../shared/ui/picked-file';
import { UploadProgress, uploadPercent } from '../../../shared/ui/upload-progress';

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
        <PickedFile
          name={file.name}
          removeLabel={t('missionRequest.removeFile')}
          onRemove={file.entry ? upload.remove : undefined}
        />
      ) : null}
      {upload.progress ? (
        <Box sx={{ mt: 1 }}>
          <UploadProgress
            state={upload.progress}
            label={`${t('missionRequest.uploading')} ${uploadPercent(upload.progress)}%`}
            onPause={upload.pause}
            onResume={upload.resume}
          />
        </Box>
      ) : null}
    </Box>
  );
}
