import type { FileEntry } from '@fanmission/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { useResumableUpload } from '../../shared/api/use-resumable-upload';
import { deleteUpload, uploadAttachment } from './api/upload';

export interface PickedFile {
  name: string;
  /** The stored file once the upload finished. */
  entry: FileEntry | null;
}

/**
 * The request's one attachment: uploaded as soon as it is picked (resumable, with progress, pause and resume),
 * replaced or removed.
 */
export function useRequestUpload() {
  const { t } = useTranslation();
  const [file, setFile] = useState<PickedFile | null>(null);
  const { progress, run, pause, resume } = useResumableUpload();

  const pick = async (picked: File) => {
    if (file?.entry) void deleteUpload(file.entry.id);
    setFile({ name: picked.name, entry: null });
    try {
      const entry = await run(picked.size, (onProgress) => uploadAttachment(picked, onProgress));
      setFile({ name: picked.name, entry });
    } catch (error) {
      setFile(null);
      void showAlert(t('missionRequest.uploadFailed', { reason: (error as Error).message }));
    }
  };
  const remove = () => {
    if (file?.entry) void deleteUpload(file.entry.id);
    setFile(null);
  };
  const uploading = file !== null && file.entry === null;
  return { file, pick, remove, uploading, progress, pause, resume };
}
