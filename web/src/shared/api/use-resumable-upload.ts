import { useRef, useState } from 'react';
import type { UploadState } from '../ui/upload-progress';
import type { ProgressListener, ResumableUpload } from './upload';

/**
 * One resumable upload at a time with its progress, pause and resume: `run(size, start)` starts the upload `start`
 * makes (given the progress callback) and settles as it does; `progress` is its state while it runs, null otherwise.
 */
export function useResumableUpload() {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const running = useRef<ResumableUpload<unknown> | null>(null);

  const run = async <T>(size: number, start: (onProgress: ProgressListener) => ResumableUpload<T>): Promise<T> => {
    setProgress({ sent: 0, total: size, paused: false, reconnecting: false });
    try {
      const onProgress: ProgressListener = Object.assign(
        (sent: number, total: number) =>
          setProgress((state) => ({ sent, total, paused: state?.paused ?? false, reconnecting: false })),
        { interrupted: () => setProgress((state) => state && { ...state, reconnecting: true }) },
      );
      const upload = start(onProgress);
      running.current = upload;
      return await upload.done;
    } finally {
      running.current = null;
      setProgress(null);
    }
  };
  const setPaused = (paused: boolean) => {
    if (paused) running.current?.pause();
    else running.current?.resume();
    setProgress((state) => state && { ...state, paused });
  };

  return { progress, run, pause: () => setPaused(true), resume: () => setPaused(false) };
}
