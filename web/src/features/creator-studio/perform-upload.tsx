import type { FileEntry } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { api } from '../../shared/api/client';
import { resumableUpload } from '../../shared/api/upload';
import { useResumableUpload } from '../../shared/api/use-resumable-upload';
import { mediaKindOf } from './upload';
import { MediaProcessingNote } from '../../shared/media/media-processing-note';
import { VideoPlayer } from '../../shared/media/video-player';
import { FileButton } from '../../shared/ui/file-button';
import { UploadProgress, uploadPercent, type UploadState } from '../../shared/ui/upload-progress';

/** Which perform field an uploaded file goes in; null for anything but video, image or audio. */
export function performFieldOf(contentType: string): 'videoId' | 'pictureId' | 'voiceId' | null {
  const kind = mediaKindOf({ type: contentType });
  return kind === 'video' ? 'videoId' : kind === 'image' ? 'pictureId' : kind === 'audio' ? 'voiceId' : null;
}

/**
 * The texts of a perform upload: `<namespace>.choose`, `.removeFile`, `.uploading`, `.uploadDone` (said beside the
 * file), `.uploadFailed`,
 * `.unknownFormat`, `.deleteDone` and `.deleteFailed`.
 */
export type PerformTexts = 'creatorStudio.missions.perform' | 'eventManagement.perform';

export interface PerformUpload {
  texts: PerformTexts;
  file: FileEntry | null;
  /** The uploaded file's own name, as the creator picked it. */
  fileName: string | null;
  /** The upload while it runs (bytes sent, paused). */
  progress: UploadState | null;
  upload: (picked: File | undefined) => Promise<void>;
  pause: () => void;
  resume: () => void;
  /** Deletes the uploaded file (told with an alert) and forgets it. */
  removeFile: () => void;
}

/**
 * One answer file (video, picture or voice) uploaded with progress; a new pick replaces (deletes) the previous one,
 * and an upload that is none of the three is deleted again as an unknown format. `checkBeforeUpload` refuses a
 * file whose type is not a media type before sending it.
 */
export function usePerformUpload(texts: PerformTexts, { checkBeforeUpload = false } = {}): PerformUpload {
  const { t } = useTranslation();
  const [file, setFile] = useState<FileEntry | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const { progress, run, pause, resume } = useResumableUpload();

  const remove = async (entry: FileEntry, quiet = false) => {
    try {
      await api(`/files/s3/${entry.id}`, { method: 'DELETE' });
      if (!quiet) void showAlert(t(`${texts}.deleteDone`));
    } catch (error) {
      void showAlert(t(`${texts}.deleteFailed`, { reason: (error as Error).message }));
    }
  };

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    if (file) {
      await remove(file, true);
      setFile(null);
    }
    if (checkBeforeUpload && mediaKindOf(picked) === null) {
      void showAlert(t(`${texts}.unknownFormat`));
      return;
    }
    try {
      // Resumable: a dropped connection resumes where the server stands, a reload when the same file is picked again.
      const stored = await run(picked.size, (onProgress) =>
        resumableUpload<FileEntry>(picked, 'mission-answer', onProgress),
      );
      if (performFieldOf(stored.contentType) === null) {
        await remove(stored, true);
        void showAlert(t(`${texts}.unknownFormat`));
        return;
      }
      // Done is said beside the file (PerformFilePicker), without a dialog to dismiss before going on.
      setFile(stored);
      setFileName(picked.name);
    } catch (error) {
      const message = (error as Error).message;
      void showAlert(
        !checkBeforeUpload && (/format/i.test(message) || mediaKindOf(picked) === null)
          ? t(`${texts}.unknownFormat`)
          : t(`${texts}.uploadFailed`, { reason: message }),
      );
    }
  };

  const removeFile = () => {
    if (!file) return;
    void remove(file);
    setFile(null);
  };

  return { texts, file, fileName, progress, upload, pause, resume, removeFile };
}

/** The file part of a perform dialog: choose (and `extra` pickers such as the camera), the file, progress, preview. */
export function PerformFilePicker({
  state,
  fileTestId,
  extra,
}: {
  state: PerformUpload;
  fileTestId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { texts, file, progress, upload } = state;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <FileButton
          label={t(`${texts}.choose`)}
          accept="video/*,image/*,audio/*"
          disabled={progress !== null}
          onPick={(picked) => void upload(picked)}
        />
        {extra}
        {file ? (
          <>
            <Typography variant="body2" data-testid={fileTestId} sx={{ wordBreak: 'break-all' }}>
              {state.fileName ?? file.contentType}
            </Typography>
            <Typography variant="body2" color="success.main" role="status">
              ✓ {t(`${texts}.uploadDone`)}
            </Typography>
            <Button size="small" color="error" onClick={state.removeFile}>
              {t(`${texts}.removeFile`)}
            </Button>
          </>
        ) : null}
      </Stack>
      {progress !== null ? (
        <UploadProgress
          state={progress}
          label={t(`${texts}.uploading`, { percent: uploadPercent(progress) })}
          onPause={state.pause}
          onResume={state.resume}
        />
      ) : null}
      {file && file.contentType.startsWith('video/') ? (
        <VideoPlayer file={file} style={{ width: 200, maxWidth: '100%', borderRadius: 8 }} />
      ) : file && file.processing ? (
        <MediaProcessingNote file={file} />
      ) : file && file.contentType.startsWith('image/') ? (
        <img src={file.s3Url} alt="" style={{ width: 200, maxWidth: '100%', borderRadius: 8 }} />
      ) : file ? (
        <audio src={file.s3Url} controls />
      ) : null}
    </>
  );
}
