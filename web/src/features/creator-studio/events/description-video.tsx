import type { FileEntry } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resumableUpload } from '../../../shared/api/upload';
import { useResumableUpload } from '../../../shared/api/use-resumable-upload';
import { FileButton } from '../../../shared/ui/file-button';
import { UploadProgress, uploadPercent } from '../../../shared/ui/upload-progress';

/** The event's description video as the form holds it: the one it has, a new upload, or none. */
export interface DescriptionVideo {
  id: number;
  /** The picked file's name; null for the video the event already had. */
  name: string | null;
}

/**
 * A lottery event's description video (optional): picked, it uploads at once, resumably, with its progress, pause
 * and a ✓ when done; the event is saved with it. An event that has one shows it and may remove it.
 */
export function DescriptionVideoPicker({
  value,
  onChange,
  onUploading,
}: {
  value: DescriptionVideo | null;
  onChange: (video: DescriptionVideo | null) => void;
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const { progress, run, pause, resume } = useResumableUpload();
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (file: File) => {
    setFailure(null);
    onUploading(true);
    try {
      const entry = await run(file.size, (onProgress) =>
        resumableUpload<FileEntry>(file, 'description-video', onProgress),
      );
      onChange({ id: entry.id, name: file.name });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      onUploading(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('eventManagement.dialog.video')}
      </Typography>
      {progress ? (
        <UploadProgress
          state={progress}
          label={t('eventManagement.dialog.videoUploading', { percent: uploadPercent(progress) })}
          onPause={pause}
          onResume={resume}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FileButton
            label={t(value ? 'eventManagement.dialog.videoReplace' : 'eventManagement.dialog.videoChoose')}
            inputLabel={t('eventManagement.dialog.video')}
            accept="video/*"
            onPick={(file) => void upload(file)}
          />
          {value ? (
            <>
              <Typography variant="body2" color="success.main" role="status" sx={{ overflowWrap: 'anywhere' }}>
                ✓ {value.name ?? t('eventManagement.dialog.videoCurrent')}
              </Typography>
              <Button size="small" color="error" onClick={() => onChange(null)}>
                {t('eventManagement.dialog.videoRemove')}
              </Button>
            </>
          ) : null}
        </Stack>
      )}
      {failure ? (
        <Typography variant="body2" color="error" role="alert">
          {t('eventManagement.dialog.videoFailed', { reason: failure })}
        </Typography>
      ) : null}
    </Stack>
  );
}
