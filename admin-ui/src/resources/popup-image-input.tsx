import { FILE_LIMITS, type FileEntry } from '@fanmission/contracts';
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useInput, useRecordContext, useTranslate } from 'react-admin';
import { httpClient } from '../data-provider';
import { type ResumableUpload, resumableUpload, UploadRefusal } from '../resumable-upload';

/** An upload under way: bytes sent of the file's size, and whether the operator paused it. */
interface UploadState {
  sent: number;
  total: number;
  paused: boolean;
}

const percentOf = (state: UploadState) => (state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0);

/** A size for people: "850 KB", "3.1 MB". */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The console's words for the API's refusals of a picture; any other failure is said with the API's message. */
const REFUSAL_TEXTS: Record<string, string> = {
  UNKNOWN_FILE_FORMAT: 'console.popups.wrongType',
  UNREADABLE_FILE: 'console.popups.wrongType',
  FILE_TOO_LARGE: 'console.popups.tooLarge',
  TOO_MANY_REQUESTS: 'console.popups.quota',
};

/**
 * The popup's picture: uploads the chosen image at once, resumably, to the console's own endpoint
 * (`/api/admin/files/tus`, then `POST /api/admin/popups/images/from-upload`), with its progress inline (percent, what
 * is left, pause and resume; the same file picked again after a reload goes on where the server stands), and keeps its
 * id in `webImageId`; shows the picture the popup has, or the one just uploaded (and tells `onShownChange` which);
 * "remove" leaves the popup without one.
 */
export function PopupImageInput({ onShownChange }: { onShownChange?: (url: string | null) => void } = {}) {
  const record = useRecordContext<{ webImageId?: number | null; webImage?: { s3Url: string } | null }>();
  const { field } = useInput<number | null>({ source: 'webImageId', defaultValue: null });
  const translate = useTranslate();
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<ResumableUpload | null>(null);
  const shownUrl =
    field.value === null || field.value === undefined
      ? null
      : (uploadedUrl ?? (field.value === record?.webImageId ? (record?.webImage?.s3Url ?? null) : null));
  const label = translate('resources.popups.fields.webImage');
  useEffect(() => onShownChange?.(shownUrl), [onShownChange, shownUrl]);

  const upload = async (file: File) => {
    setFailure(null);
    setProgress({ sent: 0, total: file.size, paused: false });
    try {
      running.current = resumableUpload(file, 'popup-image', (sent, total) =>
        setProgress((state) => ({ sent, total, paused: state?.paused ?? false })),
      );
      const uploaded = await running.current.done;
      const { json } = await httpClient('/api/admin/popups/images/from-upload', {
        method: 'POST',
        body: JSON.stringify({ fileId: uploaded.id }),
      });
      const entry = json as FileEntry;
      setUploadedUrl(entry.s3Url);
      field.onChange(entry.id);
    } catch (error) {
      const textKey = error instanceof UploadRefusal && error.code ? REFUSAL_TEXTS[error.code] : undefined;
      setFailure(
        textKey
          ? translate(textKey, { max: `${FILE_LIMITS.attachmentImageBytes / 1024 ** 2} MB` })
          : translate('console.popups.uploadFailed', { reason: (error as Error).message }),
      );
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const pause = () => {
    running.current?.pause();
    setProgress((state) => state && { ...state, paused: true });
  };
  const resume = () => {
    running.current?.resume();
    setProgress((state) => state && { ...state, paused: false });
  };

  return (
    <Box sx={{ mb: 2, maxWidth: '100%' }}>
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
        {label}
      </Typography>
      {shownUrl ? (
        <Box
          component="img"
          src={shownUrl}
          alt={label}
          data-testid="popup-image-preview"
          sx={{ display: 'block', maxWidth: '100%', width: 240, mb: 1, border: 1, borderColor: 'divider' }}
        />
      ) : (
        <FormHelperText sx={{ mb: 1 }}>{translate('console.popups.noImage')}</FormHelperText>
      )}
      {progress && <UploadProgress state={progress} onPause={pause} onResume={resume} />}
      {failure && (
        <FormHelperText error role="alert" data-testid="popup-image-error" sx={{ mb: 1 }}>
          {failure}
        </FormHelperText>
      )}
      <Stack direction="row" spacing={1}>
        <Button component="label" size="small" variant="outlined" disabled={progress !== null}>
          {translate('console.popups.upload')}
          <input
            hidden
            type="file"
            accept="image/*"
            aria-label={translate('console.popups.upload')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </Button>
        {shownUrl && progress === null && (
          <Button
            size="small"
            color="error"
            onClick={() => {
              setUploadedUrl(null);
              field.onChange(null);
            }}
          >
            {translate('console.popups.removeImage')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The upload's progress, inline: a bar, the percent (or "paused"), what is left to send, and pause or resume. */
function UploadProgress({
  state,
  onPause,
  onResume,
}: {
  state: UploadState;
  onPause: () => void;
  onResume: () => void;
}) {
  const translate = useTranslate();
  const percent = percentOf(state);
  const sending = translate('console.popups.sending', { percent });
  return (
    <Box data-testid="popup-image-progress" sx={{ mb: 1, width: 240, maxWidth: '100%' }}>
      <LinearProgress variant="determinate" value={percent} aria-label={sending} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" role="status">
          {state.paused ? translate('console.popups.paused') : sending}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('console.popups.remaining', { size: formatSize(Math.max(0, state.total - state.sent)) })}
        </Typography>
        <Button size="small" onClick={state.paused ? onResume : onPause}>
          {translate(state.paused ? 'console.popups.resume' : 'console.popups.pause')}
        </Button>
      </Stack>
    </Box>
  );
}
