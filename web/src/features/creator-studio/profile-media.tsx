import type { FileEntry, MyCreator } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { api } from '../../shared/api/client';
import { PhotoEditorDialog } from './photo-editor-dialog';
import { fieldId } from './profile-form';
import { uploadWithProgressTo } from '../../shared/api/upload';
import { mediaKindOf } from './upload';

// The profile editor's two media sections (intro video or audio, profile photo): each uploads with progress, replaces
// the previous one, and deletes after a confirmation; every outcome is told in an alert and refetches the profile.

function SectionTitle({ children, missing }: { children: string; missing: boolean }) {
  return (
    <Typography component="h2" sx={{ fontWeight: 800, color: missing ? 'error.main' : undefined }}>
      {children} *
    </Typography>
  );
}

/** Upload and delete of one profile medium: the upload's progress (null when none runs) and each outcome's alert. */
function useProfileMedium(onChanged: () => Promise<void>) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const tell = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await onChanged();
      void showAlert(t(done));
    } catch (error) {
      void showAlert(t('creatorStudio.profile.failed', { error: (error as Error).message }));
    }
  };
  const upload = async (path: string, field: string, body: Blob, fileName: string) => {
    setProgress(0);
    try {
      await tell(
        () => uploadWithProgressTo<FileEntry>(path, field, body, setProgress, fileName),
        'creatorStudio.profile.uploadDone',
      );
    } finally {
      setProgress(null);
    }
  };
  const remove = (path: string) => tell(() => api(path, { method: 'DELETE' }), 'creatorStudio.profile.deleteDone');
  return { progress, upload, remove };
}

/** A delete button that asks first: the question with OK and cancel in its place. */
function DeleteAfterConfirmation({
  label,
  question,
  onDelete,
}: {
  label: string;
  question: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button color="error" onClick={() => setConfirming(true)}>
        {label}
      </Button>
    );
  }
  return (
    <>
      <Typography sx={{ alignSelf: 'center' }}>{question}</Typography>
      <Button
        color="error"
        onClick={() => {
          setConfirming(false);
          onDelete();
        }}
      >
        {t('common.ok')}
      </Button>
      <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
    </>
  );
}

/** Intro video or audio: upload with progress (replaces the previous one) and delete after confirmation. */
export function IntroSection({
  creator,
  missing,
  onChanged,
}: {
  creator: MyCreator;
  missing: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { progress, upload, remove } = useProfileMedium(onChanged);
  const path = `/creators/${creator.id}/intro`;
  const choose = (file: File | undefined) => {
    if (!file) return;
    const kind = mediaKindOf(file);
    if (kind !== 'video' && kind !== 'audio') {
      void showAlert(t('creatorStudio.profile.videoOrAudioOnly'));
      return;
    }
    void upload(path, 'intro', file, file.name);
  };
  const intro = creator.intro;
  return (
    <Stack spacing={1} component="section" aria-label={t('creatorStudio.profile.intro')}>
      <SectionTitle missing={missing}>{t('creatorStudio.profile.intro')}</SectionTitle>
      <Typography variant="body2" color="text.secondary">
        {t('creatorStudio.profile.introHelp')}
      </Typography>
      {intro ? (
        intro.contentType.startsWith('audio/') ? (
          <audio controls src={intro.s3Url} aria-label={t('creatorStudio.profile.intro')} />
        ) : (
          <video
            controls
            src={intro.s3Url}
            poster={intro.thumbnail?.s3Url}
            style={{ width: 200, maxWidth: '100%', borderRadius: 12, background: '#000' }}
            aria-label={t('creatorStudio.profile.intro')}
          />
        )
      ) : (
        <Typography color="text.secondary">{t('creatorStudio.profile.introNone')}</Typography>
      )}
      {progress !== null ? (
        <Box>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('creatorStudio.profile.uploading', { percent: progress })}
          />
          <Typography variant="caption">{t('creatorStudio.profile.uploading', { percent: progress })}</Typography>
        </Box>
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button
          id={fieldId('intro')}
          variant="outlined"
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          {t('creatorStudio.profile.introUpload')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept="video/*,audio/*"
          data-testid="intro-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {intro ? (
          <DeleteAfterConfirmation
            label={t('creatorStudio.profile.introDelete')}
            question={t('creatorStudio.profile.introDeleteConfirm')}
            onDelete={() => void remove(path)}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}

/** The profile photo: edited in the photo editor (crop 9:16, rotate), uploaded to the account; deletable. */
export function PhotoSection({
  creator,
  userId,
  missing,
  onChanged,
}: {
  creator: MyCreator;
  userId: number | null;
  missing: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { progress, upload, remove } = useProfileMedium(onChanged);
  const photo = creator.avatar;
  return (
    <Stack spacing={1} component="section" aria-label={t('creatorStudio.profile.photo')}>
      <SectionTitle missing={missing}>{t('creatorStudio.profile.photo')}</SectionTitle>
      {photo ? (
        <img
          src={photo.s3Url}
          alt={t('creatorStudio.profile.photo')}
          style={{ width: 120, aspectRatio: '9 / 16', objectFit: 'cover', borderRadius: 12 }}
        />
      ) : null}
      {progress !== null ? <LinearProgress variant="determinate" value={progress} /> : null}
      <Stack direction="row" spacing={1}>
        <Button id={fieldId('image')} variant="outlined" onClick={() => setEditing(true)} disabled={progress !== null}>
          {t('creatorStudio.profile.photoUpload')}
        </Button>
        {photo ? (
          <DeleteAfterConfirmation
            label={t('creatorStudio.profile.photoDelete')}
            question={t('creatorStudio.profile.photoDeleteConfirm')}
            onDelete={() => {
              if (userId !== null) void remove(`/users/${userId}/image`);
            }}
          />
        ) : null}
      </Stack>
      <PhotoEditorDialog
        open={editing}
        onClose={() => setEditing(false)}
        onConfirm={(image) => {
          setEditing(false);
          if (userId !== null) void upload(`/users/${userId}/image`, 'image', image, 'profile.jpg');
        }}
      />
    </Stack>
  );
}
