import type { FileEntry } from '@fanmission/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { deleteUpload, uploadWithProgress } from './api/upload';

export interface PickedFile {
  name: string;
  /** The stored file once the upload finished. */
  entry: FileEntry | null;
  progress: number;
}

/** The request's one attachment: uploaded as soon as it is picked (with progress), replaced or removed. */
export function useRequestUpload() {
  const { t } = useTranslation();
  const [file, setFile] = useState<PickedFile | null>(null);

  const pick = async (picked: File) => {
    if (file?.entry) void deleteUpload(file.entry.id);
    setFile({ name: picked.name, entry: null, progress: 0 });
    try {
      const entry = await uploadWithProgress(picked, (progress) =>
        setFile((current) => (current ? { ...current, progress } : current)),
      );
      setFile({ name: picked.name, entry, progress: 100 });
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
  return { file, pick, remove, uploading };
}
