import type { FileEntry } from '@fanmission/contracts';
import AttachFile from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MediaProcessingNote } from './media-processing-note';
import { VideoPlayer } from './video-player';

type AttachedFile = Pick<FileEntry, 'contentType' | 's3Url' | 'thumbnail' | 'processing' | 'smallScreenVideo'> & {
  filename: string;
};

/**
 * What the fan sent with his request, shown where the request is (the creator's accept, refuse and perform dialogs,
 * the mission's page): the picture, or a player for a video or a voice (inline on phones), its name and a way to
 * open it; the processing note while its rendition is being made.
 */
export function RequestAttachment({ file }: { file: AttachedFile }) {
  const { t } = useTranslation();
  const name = file.filename || t('missionDetail.attachment');
  const ready = !file.processing || file.processing === 'READY';
  return (
    <Stack spacing={0.5} data-testid="request-attachment">
      {ready && file.contentType.startsWith('image/') ? (
        <Box
          component="img"
          src={file.thumbnail?.s3Url ?? file.s3Url}
          alt={name}
          loading="lazy"
          sx={{ maxWidth: '100%', maxHeight: 240, width: 'auto', borderRadius: 1, objectFit: 'contain' }}
        />
      ) : null}
      {ready && file.contentType.startsWith('video/') ? (
        <VideoPlayer
          file={file}
          label={name}
          style={{ width: '100%', maxHeight: 320, borderRadius: 8, background: '#000' }}
        />
      ) : null}
      {ready && file.contentType.startsWith('audio/') ? (
        <audio controls preload="metadata" src={file.s3Url} aria-label={name} style={{ width: '100%' }} />
      ) : null}
      <MediaProcessingNote file={file} />
      {ready ? (
        <Link href={file.s3Url} target="_blank" rel="noreferrer" sx={{ display: 'inline-flex', gap: 0.5 }}>
          <AttachFile fontSize="small" />
          {name}
        </Link>
      ) : null}
    </Stack>
  );
}
