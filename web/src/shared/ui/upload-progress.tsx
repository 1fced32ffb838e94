import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * An upload under way: bytes sent of the file's size, whether the member paused it, and whether the connection
 * dropped and it waits to go on by itself.
 */
export interface UploadState {
  sent: number;
  total: number;
  paused: boolean;
  reconnecting?: boolean;
}

export const uploadPercent = (state: UploadState) =>
  state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;

/** A size for people: "850 KB", "3.1 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The progress of a resumable upload, inline: a bar, the percent (in `label`, the caller's own text), what is left
 * to send, and pause or resume.
 */
export function UploadProgress({
  state,
  label,
  onPause,
  onResume,
}: {
  state: UploadState;
  label: string;
  onPause: () => void;
  onResume: () => void;
}) {
  const { t } = useTranslation();
  const percent = uploadPercent(state);
  return (
    <Box data-testid="upload-progress">
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption">{state.paused ? t('upload.paused') : label}</Typography>
        {state.reconnecting && !state.paused ? (
          <Typography variant="caption" color="warning.dark" role="status">
            {t('upload.reconnecting')}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {t('upload.remaining', { size: formatSize(Math.max(0, state.total - state.sent)) })}
        </Typography>
        <Button size="small" onClick={state.paused ? onResume : onPause}>
          {state.paused ? t('upload.resume') : t('upload.pause')}
        </Button>
      </Stack>
    </Box>
  );
}
