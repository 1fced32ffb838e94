import type { FileEntry } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { type CSSProperties, useState } from 'react';
import { MediaProcessingNote } from './media-processing-note';

type VideoFile = Pick<FileEntry, 's3Url' | 'thumbnail' | 'processing' | 'smallScreenVideo'>;

/** Screens at most this wide get a video's 720p rendition when it has one (a phone, a small tablet). */
const SMALL_SCREEN_QUERY = '(max-width: 900px)';
/** What the browser calls a slow connection (Network Information API; Chromium only). */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether this device should play the 720p rendition: a small screen, a slow connection or data saving asked for. */
export function prefersSmallVideo(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return true;
  if (connection?.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType)) return true;
  return window.matchMedia?.(SMALL_SCREEN_QUERY).matches ?? false;
}

/** The URL a player loads: the 720p rendition when `small` and the video has one, else the main one. */
export const videoSourceOf = (file: Pick<FileEntry, 's3Url' | 'smallScreenVideo'>, small: boolean) =>
  small && file.smallScreenVideo ? file.smallScreenVideo.s3Url : file.s3Url;

/**
 * A served video: inline on phones (`playsInline`), its poster frame while it loads, the 720p rendition on small
 * screens and slow connections. While its rendition is being made (its URL answers 409) or when it could not be made,
 * no player: the poster's place with a spinner and what is happening, so the page does not move when it is ready.
 */
export function VideoPlayer({
  file,
  poster,
  label,
  style,
  preload = 'metadata',
}: {
  file: VideoFile;
  /** A poster to use when the file has none of its own (a mission's thumbnail). */
  poster?: string | null;
  label?: string;
  style?: CSSProperties;
  preload?: 'none' | 'metadata' | 'auto';
}) {
  // Chosen once per player: turning the phone must not restart what is playing.
  const [small] = useState(prefersSmallVideo);
  const posterUrl = file.thumbnail?.s3Url ?? poster ?? undefined;
  if (file.processing === 'PENDING' || file.processing === 'FAILED') {
    return (
      <Stack spacing={0.5} data-testid="video-processing">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            backgroundColor: '#111',
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
          style={{
            ...style,
            aspectRatio: style?.aspectRatio ?? '16 / 9',
            backgroundImage: posterUrl ? `url(${posterUrl})` : undefined,
          }}
        >
          {file.processing === 'PENDING' ? <CircularProgress size={32} color="inherit" aria-hidden /> : null}
        </Box>
        <MediaProcessingNote file={file} />
      </Stack>
    );
  }
  return (
    <video
      controls
      playsInline
      preload={preload}
      src={videoSourceOf(file, small)}
      poster={posterUrl}
      aria-label={label}
      style={style}
    />
  );
}
