import type { FileEntry } from '@fanmission/contracts';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A line under a freshly uploaded file while the server is still making the rendition it serves (`processing:
 * PENDING`: its URL answers 409 until then), or when it could not (`FAILED`: nothing is served); nothing once ready.
 */
export function MediaProcessingNote({ file }: { file: Pick<FileEntry, 'processing'> | null | undefined }) {
  const { t } = useTranslation();
  if (!file?.processing || file.processing === 'READY') return null;
  return (
    <Typography
      variant="caption"
      role="status"
      color={file.processing === 'FAILED' ? 'warning.main' : 'text.secondary'}
      data-testid="media-processing-note"
    >
      {t(file.processing === 'FAILED' ? 'mediaProcessing.failed' : 'mediaProcessing.pending')}
    </Typography>
  );
}
