import { EXIST_ONGOING_EVENT_MESSAGE, type FileEntry } from '@fanmission/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { api, ApiError } from '../../shared/api/client';
import { resumableUpload } from '../../shared/api/upload';
import { mediaKindOf } from './upload';
import { FileButton } from '../../shared/ui/file-button';

/**
 * The texts of a product dialog's cover: `<namespace>.cover`, `.coverChoose`, `.imagesOnly`, `.coverDeleteFailed`,
 * `.ongoingEvent` and `.failed`.
 */
export type CoverTexts = 'creatorStudio.missions.dialog' | 'eventManagement.dialog' | 'eventManagement.editDialog';

async function deleteFile(id: number): Promise<boolean> {
  try {
    await api(`/files/s3/${id}`, { method: 'DELETE' });
    return true;
  } catch {
    return false;
  }
}

export interface CoverUpload {
  texts: CoverTexts;
  /** The picked picture, uploaded only when the dialog is saved. */
  cover: File | null;
  preview: string | null;
  /** The cover upload's percentage while the dialog saves. */
  progress: number | null;
  pick: (file: File) => void;
  /**
   * Uploads the picked cover (if any), then `send`s the product with it. When that fails, the upload is deleted
   * again and the failure told (the ongoing-event refusal in its own words).
   */
  submit: (send: (uploaded: FileEntry | null) => Promise<void>) => Promise<void>;
}

/** A product's description picture: picked first, uploaded on save, deleted again if the save fails. */
export function useCoverUpload(texts: CoverTexts, initialPreview: string | null, onPick: () => void): CoverUpload {
  const { t } = useTranslation();
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(initialPreview);
  const [progress, setProgress] = useState<number | null>(null);

  const pick = (file: File) => {
    setCover(file);
    setPreview(URL.createObjectURL(file));
    onPick();
  };

  const submit = async (send: (uploaded: FileEntry | null) => Promise<void>) => {
    setProgress(0);
    let uploaded: FileEntry | null = null;
    try {
      if (cover) {
        // Resumable (retried after the network drops); a cover is a picture of at most 5 MB.
        uploaded = await resumableUpload<FileEntry>(cover, 'cover', (sent, total) =>
          setProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
        ).done;
      }
      await send(uploaded);
    } catch (failure) {
      setProgress(null);
      if (uploaded && !(await deleteFile(uploaded.id))) {
        void showAlert(t(`${texts}.coverDeleteFailed`));
      }
      if (failure instanceof ApiError && failure.body?.message === EXIST_ONGOING_EVENT_MESSAGE) {
        void showAlert(t(`${texts}.ongoingEvent`));
        return;
      }
      void showAlert(t(`${texts}.failed`, { reason: (failure as Error).message }));
    }
  };

  return { texts, cover, preview, progress, pick, submit };
}

/** The cover's thumbnail and its picker (pictures only); a required one says so beside its name, as fields do. */
export function CoverPicker({ state, required = false }: { state: CoverUpload; required?: boolean }) {
  const { t } = useTranslation();
  const { texts, preview } = state;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {required ? (
        <Typography variant="body2" color="text.secondary">
          {t(`${texts}.cover`)} *
        </Typography>
      ) : null}
      {preview ? (
        <img
          src={preview}
          alt={t(`${texts}.cover`)}
          style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 8 }}
        />
      ) : null}
      <FileButton
        label={t(`${texts}.coverChoose`)}
        inputLabel={t(`${texts}.cover`)}
        accept="image/*"
        onPick={(file) => {
          if (mediaKindOf(file) !== 'image') {
            void showAlert(t(`${texts}.imagesOnly`));
            return;
          }
          state.pick(file);
        }}
      />
    </Stack>
  );
}
