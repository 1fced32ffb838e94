import type { FileEntry } from '@fanmission/contracts';

/** How often a screen showing a file still being made playable asks for it again (its player waits meanwhile). */
export const PENDING_MEDIA_REFETCH_MS = 5_000;

/** Whether one of the files is still being converted (`processing: PENDING`; docs/rules/files.md). */
export const hasPendingMedia = (files: readonly (Pick<FileEntry, 'processing'> | null | undefined)[]) =>
  files.some((file) => file?.processing === 'PENDING');

/** A query's `refetchInterval` for data whose `filesOf` may still be converting: every few seconds until ready. */
export const refetchWhilePending =
  <T>(filesOf: (data: T) => readonly (Pick<FileEntry, 'processing'> | null | undefined)[]) =>
  (query: { state: { data: T | undefined } }) =>
    query.state.data !== undefined && hasPendingMedia(filesOf(query.state.data)) ? PENDING_MEDIA_REFETCH_MS : false;
