import type { FileEntry } from '@fanmission/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import type { UploadState } from '../../shared/ui/upload-progress';
import { deleteUpload, uploadAttachment } from './api/upload';
import type { ResumableUpload } from '../../shared/api/upload';

export interface PickedFile {
  name: string;
  /** The stored file once the upload finished. */
  entry: FileEntry | null;
  /** The upload while it runs. */
  progress: UploadState;
}

/**
 * The request's one attachment: uploaded as soon as it is picked (resumable, with progress, pause and resume),
 * replaced or removed.
 */
export function useRequestUpload() {
  const { t } = useTranslation();
  const [file, setFile] = useState<PickedFile | null>(null);
  const running = useRef<ResumableUpload<FileEntry> | null>(null);

  const pick = async (picked: File) => {
    if (file?.entry) void deleteUpload(file.entry.id);
    const progress = { sent: 0, total: picked.size, paused: false };
    setFile({ name: picked.name, entry: null, progress });
    try {
      running.current = uploadAttachment(picked, (sent, total) =>
        setFile((current) => (current ? { ...current, progress: { ...current.progress, sent, total } } : current)),
      );
      const entry = await running.current.done;
      setFile({ name: picked.name, entry, progress: { sent: picked.size, total: picked.size, paused: false } });
    } catch (error) {
      setFile(null);
      void showAlert(t('missionRequest.uploadFailed', { reason: (error as Error).message }));
    } finally {
      running.current = null;
    }
  };
  const setPaused = (paused: boolean) => {
    if (paused) running.current?.pause();
    else running.current?.resume();
    setFile((current) => (current ? { ...current, progress: { ...current.progress, paused } } : current));
  };
  const remove = () => {
    if (file?.entry) void deleteUpload(file.entry.id);
    setFile(null);
  };
  const uploading = file !== null && file.entry === null;
  return { file, pick, remove, uploading, pause: () => setPaused(true), resume: () => setPaused(false) };
}
