import type { MemberUploadPurpose, MyCreator } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { api } from '../../shared/api/client';
import { PhotoEditorDialog } from './photo-editor-dialog';
import { fieldId } from './profile-form';
import { resumableUploadTo } from '../../shared/api/upload';
import { useResumableUpload } from '../../shared/api/use-resumable-upload';
import { VideoPlayer } from '../../shared/media/video-player';
import { UploadProgress, uploadPercent } from '../../shared/ui/upload-progress';
import { mediaKindOf } from './upload';

// The profile editor's two media sections (intro video or audio, profile photo): each uploads resumably with progress
// and pause, replaces the previous one, and deletes after a confirmation; each change refetches the profile.

function SectionTitle({ children, missing }: { children: string; missing: boolean }) {
  return (
    <Typography component="h2" sx={{ fontWeight: 800, color: missing ? 'error.main' : undefined }}>
      {children} *
    </Typography>
  );
}

/**
 * Upload and delete of one profile medium: the resumable upload's progress (null when none runs) and pause, its end
 * said in place (✓), a failure or a deletion in an alert; each change refetches the profile.
 */
function useProfileMedium(onChanged: () => Promise<void>) {
  const { t } = useTranslation();
  const { progress, run, pause, resume } = useResumableUpload();
  const [uploaded, setUploaded] = useState(false);
  const fail = (error: unknown) =>
    void showAlert(t('creatorStudio.profile.failed', { error: (error as Error).message }));
  const upload = async (path: string, purpose: MemberUploadPurpose, file: File) => {
    setUploaded(false);
    try {
      await run(file.size, (onProgress) => resumableUploadTo(path, file, purpose, onProgress));
      await onChanged();
      setUploaded(true);
    } catch (error) {
      fail(error);
    }
  };
  const remove = async (path: string) => {
    setUploaded(false);
    try {
      await api(path, { method: 'DELETE' });
      await onChanged();
      void showAlert(t('creatorStudio.profile.deleteDone'));
    } catch (error) {
      fail(error);
    }
  };
  return { progress, uploaded, upload, remove, pause, resume };
}

/** Where a profile medium's upload is: its progress while it runs, then ✓ once it is the profile's. */
function UploadOutcome({ medium }: { medium: ReturnType<typeof useProfileMedium> }) {
  const { t } = useTranslation();
  if (medium.progress) {
    return (
      <UploadProgress
        state={medium.progress}
        label={t('creatorStudio.profile.uploading', { percent: uploadPercent(medium.progress) })}
        onPause={medium.pause}
        onResume={medium.resume}
      />
    );
  }
  if (!medium.uploaded) return null;
  return (
    <Typography variant="body2" color="success.main" role="status">
      ✓ {t('creatorStudio.profile.uploadDone')}
    </Typography>
  );
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
  const medium = useProfileMedium(onChanged);
  const { progress, upload, remove } = medium;
  const path = `/creators/${creator.id}/intro`;
  const choose = (file: File | undefined) => {
    if (!file) return;
    const kind = mediaKindOf(file);
    if (kind !== 'video' && kind !== 'audio') {
      void showAlert(t('creatorStudio.profile.videoOrAudioOnly'));
      return;
    }
    void upload(path, 'intro-video', file);
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
          <VideoPlayer
            file={intro}
            label={t('creatorStudio.profile.intro')}
            style={{ width: 200, maxWidth: '100%', borderRadius: 12, background: '#000' }}
          />
        )
      ) : (
        <Typography color="text.secondary">{t('creatorStudio.profile.introNone')}</Typography>
      )}
      <UploadOutcome medium={medium} />
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
  const medium = useProfileMedium(onChanged);
  const { progress, upload, remove } = medium;
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
      <UploadOutcome medium={medium} />
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
          const picture = new File([image], 'profile.jpg', { type: image.type || 'image/jpeg' });
          if (userId !== null) void upload(`/users/${userId}/image`, 'profile-picture', picture);
        }}
      />
    </Stack>
  );
}
