import {
  BUSINESS_TYPE_REQUIRED_FIELDS,
  BUSINESS_TYPES,
  CREATOR_MAX_TAGS,
  SNS_TYPES,
  TEXT_LIMITS,
  type BusinessType,
  type FileEntry,
  type MyCreator,
  type Tag,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api, ApiError } from '../../shared/api/client';
import { fetchCurrentUser } from '../../shared/api/current-user';
import { storeCurrentUser, useSession } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import { myCreatorQueryKey, useMyCreator } from './my-creator';
import { PhotoEditorDialog } from './photo-editor-dialog';
import {
  formatErrors,
  missingItems,
  profileBody,
  profileValuesOf,
  type ProfileValues,
  type RequiredItem,
} from './profile-form';
import { mediaKindOf, uploadWithProgressTo } from './upload';

const fieldId = (item: string) => `creator-profile-${item}`;

/** Sentences the editor shows after a failed check: the missing items, ending "information is required". */
export function missingMessage(items: RequiredItem[], t: TFunction): string {
  const labels = items.map((item) => t(`creatorStudio.profile.items.${item}`));
  return t('creatorStudio.profile.missing', { items: labels.join(t('creatorStudio.profile.separator')) });
}

/** `/edit-creator-profile` (spec 02 §2, §5). */
export function EditCreatorProfilePage() {
  const { t } = useTranslation();
  const creator = useMyCreator();
  if (creator.isPending) return <div className="page-loading" role="progressbar" aria-label="loading" />;
  if (creator.isError) {
    return (
      <Page title={t('creatorStudio.profile.title')}>
        <Alert severity="error">{t('creatorStudio.newbie.loadFailed')}</Alert>
      </Page>
    );
  }
  return <ProfileEditor creator={creator.data} />;
}

function ProfileEditor({ creator }: { creator: MyCreator }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(creator));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<RequiredItem[]>([]);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const tags = useQuery({
    queryKey: ['tags', 'creator'],
    queryFn: async () => (await api<{ tag: Tag; tagCount: number }[]>('/tags/creator')).data,
  });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: myCreatorQueryKey });
  };
  const set = (patch: Partial<ProfileValues>, cleared: string[]) => {
    setValues((previous) => ({ ...previous, ...patch }));
    setErrors((previous) => {
      const next = { ...previous };
      for (const field of cleared) delete next[field];
      return next;
    });
  };
  const text = (
    name: 'name' | 'url' | 'businessName' | 'businessRegistrationNumber' | 'businessCashReceiptNumber',
  ) => ({
    id: fieldId(name),
    value: values[name],
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value }, [name]),
    error: Boolean(errors[name]) || missing.includes(name),
  });

  const toggleTag = (id: number) => {
    const selected = values.tags.includes(id);
    if (!selected && values.tags.length >= CREATOR_MAX_TAGS) return;
    set({ tags: selected ? values.tags.filter((tag) => tag !== id) : [...values.tags, id] }, ['tags']);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerProblems([]);
    const absent = missingItems(values, { intro: creator.intro !== null, image: creator.avatar !== null });
    const invalid = formatErrors(values);
    setMissing(absent);
    setErrors(invalid);
    if (absent.length > 0 || Object.keys(invalid).length > 0) {
      const first = absent[0] ?? Object.keys(invalid)[0]?.replace(/^sns\./, 'sns-');
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      const { data } = await api<MyCreator>(`/creators/${creator.id}`, { method: 'PUT', body: profileBody(values) });
      await refresh();
      storeCurrentUser(await fetchCurrentUser());
      void navigate(data.verified ? `/${data.url ?? data.id}` : '/newbie-creator-mypage');
    } catch (error) {
      setBusy(false);
      const subErrors = error instanceof ApiError ? (error.body?.subErrors ?? []) : [];
      setServerProblems(subErrors.map((sub) => sub.message));
      void showAlert(t('creatorStudio.profile.editFailed'));
    }
  };

  const description = values.description.length;
  return (
    <Page title={t('creatorStudio.profile.title')} width="md">
      <Card>
        <Stack component="form" onSubmit={submit} noValidate spacing={3} aria-label={t('creatorStudio.profile.title')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField label={t('creatorStudio.profile.email')} value={creator.email ?? ''} disabled sx={{ flex: 1 }} />
            <Button
              component={RouterLink}
              to="/password-change"
              state={{ email: creator.email ?? '' }}
              variant="outlined"
            >
              {t('creatorStudio.profile.passwordChange')}
            </Button>
            <Button
              component={RouterLink}
              to="/bank-account-change"
              state={{ email: creator.email ?? '' }}
              variant="outlined"
            >
              {t('creatorStudio.profile.bankAccountChange')}
            </Button>
          </Stack>

          <IntroSection creator={creator} missing={missing.includes('intro')} onChanged={refresh} />
          <PhotoSection
            creator={creator}
            userId={session.userId}
            missing={missing.includes('image')}
            onChanged={async () => {
              await refresh();
              storeCurrentUser(await fetchCurrentUser());
            }}
          />

          <FormControl error={missing.includes('tags')} component="fieldset">
            <FormLabel component="legend" required>
              {t('creatorStudio.profile.tags')}
            </FormLabel>
            <Box
              role="group"
              aria-label={t('creatorStudio.profile.tags')}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1, mt: 1 }}
            >
              {(tags.data ?? []).map(({ tag }, index) => {
                const selected = values.tags.includes(tag.id);
                return (
                  <Button
                    key={tag.id}
                    id={index === 0 ? fieldId('tags') : undefined}
                    size="small"
                    variant={selected ? 'contained' : 'outlined'}
                    aria-pressed={selected}
                    onClick={() => toggleTag(tag.id)}
                    sx={{ minWidth: 0, textTransform: 'none', overflowWrap: 'anywhere', wordBreak: 'break-all' }}
                  >
                    #{tag.name}
                  </Button>
                );
              })}
            </Box>
          </FormControl>

          <TextField
            label={t('creatorStudio.profile.name')}
            required
            {...text('name')}
            helperText={errors.name ? t(errors.name, { max: 30 }) : undefined}
          />
          <TextField
            label={t('creatorStudio.profile.url')}
            required
            {...text('url')}
            helperText={
              errors.url
                ? t(errors.url)
                : `${window.location.origin}/${values.url || '…'} · ${t('creatorStudio.profile.urlHelp')}`
            }
            slotProps={{ formHelperText: { sx: { overflowWrap: 'anywhere' } } }}
          />

          <FormControl error={missing.includes('snsLinks')} component="fieldset">
            <FormLabel component="legend" required>
              {t('creatorStudio.profile.sns')}
            </FormLabel>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, mt: 1 }}>
              {SNS_TYPES.map((type, index) => (
                <TextField
                  key={type}
                  id={index === 0 ? fieldId('snsLinks') : fieldId(`sns-${type}`)}
                  label={type}
                  size="small"
                  placeholder="https://"
                  value={values.sns[type]}
                  onChange={(event) => set({ sns: { ...values.sns, [type]: event.target.value } }, [`sns.${type}`])}
                  error={Boolean(errors[`sns.${type}`])}
                  helperText={errors[`sns.${type}`] ? t(errors[`sns.${type}`]!) : undefined}
                />
              ))}
            </Box>
          </FormControl>

          <TextField
            id={fieldId('description')}
            label={t('creatorStudio.profile.description')}
            multiline
            minRows={3}
            value={values.description}
            onChange={(event) => set({ description: event.target.value }, ['description'])}
            error={description > TEXT_LIMITS.description}
            helperText={
              <span style={{ color: description > TEXT_LIMITS.description ? '#d32f2f' : undefined }}>
                {t('creatorStudio.profile.counter', { count: description, max: TEXT_LIMITS.description })}
              </span>
            }
          />

          <FormControl error={missing.includes('businessType')} component="fieldset">
            <FormLabel component="legend" required>
              {t('creatorStudio.profile.businessType')}
            </FormLabel>
            <RadioGroup
              row
              value={values.businessType ?? ''}
              onChange={(event) => set({ businessType: event.target.value as BusinessType }, ['businessType'])}
            >
              {BUSINESS_TYPES.map((type, index) => (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio slotProps={{ input: { id: index === 0 ? fieldId('businessType') : undefined } }} />}
                  label={t(`creatorStudio.profile.businessTypes.${type}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {values.businessType
            ? BUSINESS_TYPE_REQUIRED_FIELDS[values.businessType].map((field) => (
                <TextField
                  key={field}
                  label={t(`creatorStudio.profile.${field}`)}
                  required
                  {...text(field)}
                  helperText={errors[field] ? t(errors[field]) : undefined}
                />
              ))
            : null}

          <FormControlLabel
            control={
              <Checkbox
                checked={values.containAdultContent}
                onChange={(_, checked) => set({ containAdultContent: checked }, [])}
              />
            }
            label={t('creatorStudio.profile.adult')}
          />

          {missing.length > 0 || serverProblems.length > 0 ? (
            <Alert severity="error" role="alert">
              {missing.length > 0 ? <div>{missingMessage(missing, t)}</div> : null}
              {serverProblems.map((problem) => (
                <div key={problem}>{problem}</div>
              ))}
            </Alert>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('creatorStudio.profile.save')}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}

function SectionTitle({ children, missing }: { children: string; missing: boolean }) {
  return (
    <Typography component="h2" sx={{ fontWeight: 800, color: missing ? 'error.main' : undefined }}>
      {children} *
    </Typography>
  );
}

/** Intro video or audio: upload with progress (replaces the previous one) and delete after confirmation. */
function IntroSection({
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
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const kind = mediaKindOf(file);
    if (kind !== 'video' && kind !== 'audio') {
      void showAlert(t('creatorStudio.profile.videoOrAudioOnly'));
      return;
    }
    setProgress(0);
    try {
      await uploadWithProgressTo<FileEntry>(`/creators/${creator.id}/intro`, 'intro', file, setProgress, file.name);
      await onChanged();
      void showAlert(t('creatorStudio.profile.uploadDone'));
    } catch (error) {
      void showAlert(t('creatorStudio.profile.failed', { error: (error as Error).message }));
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    setConfirming(false);
    try {
      await api(`/creators/${creator.id}/intro`, { method: 'DELETE' });
      await onChanged();
      void showAlert(t('creatorStudio.profile.deleteDone'));
    } catch (error) {
      void showAlert(t('creatorStudio.profile.failed', { error: (error as Error).message }));
    }
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
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {intro ? (
          confirming ? (
            <>
              <Typography sx={{ alignSelf: 'center' }}>{t('creatorStudio.profile.introDeleteConfirm')}</Typography>
              <Button color="error" onClick={() => void remove()}>
                {t('common.ok')}
              </Button>
              <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            </>
          ) : (
            <Button color="error" onClick={() => setConfirming(true)}>
              {t('creatorStudio.profile.introDelete')}
            </Button>
          )
        ) : null}
      </Stack>
    </Stack>
  );
}

/** The profile photo: edited in the photo editor (crop 9:16, rotate), uploaded to the account; deletable. */
function PhotoSection({
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
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const photo = creator.avatar;
  const upload = async (image: Blob) => {
    setEditing(false);
    if (userId === null) return;
    setProgress(0);
    try {
      await uploadWithProgressTo<FileEntry>(`/users/${userId}/image`, 'image', image, setProgress, 'profile.jpg');
      await onChanged();
      void showAlert(t('creatorStudio.profile.uploadDone'));
    } catch (error) {
      void showAlert(t('creatorStudio.profile.failed', { error: (error as Error).message }));
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    setConfirming(false);
    if (userId === null) return;
    try {
      await api(`/users/${userId}/image`, { method: 'DELETE' });
      await onChanged();
      void showAlert(t('creatorStudio.profile.deleteDone'));
    } catch (error) {
      void showAlert(t('creatorStudio.profile.failed', { error: (error as Error).message }));
    }
  };
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
          confirming ? (
            <>
              <Typography sx={{ alignSelf: 'center' }}>{t('creatorStudio.profile.photoDeleteConfirm')}</Typography>
              <Button color="error" onClick={() => void remove()}>
                {t('common.ok')}
              </Button>
              <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            </>
          ) : (
            <Button color="error" onClick={() => setConfirming(true)}>
              {t('creatorStudio.profile.photoDelete')}
            </Button>
          )
        ) : null}
      </Stack>
      <PhotoEditorDialog open={editing} onClose={() => setEditing(false)} onConfirm={(image) => void upload(image)} />
    </Stack>
  );
}
