import {
  BUSINESS_TYPE_REQUIRED_FIELDS,
  BUSINESS_TYPES,
  CREATOR_MAX_TAGS,
  SNS_TYPES,
  TEXT_LIMITS,
  type BusinessType,
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
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api, ApiError } from '../../shared/api/client';
import { fetchCurrentUser } from '../../shared/api/current-user';
import { NotificationSettingsCard } from '../../shared/notifications/notification-settings';
import { storeCurrentUser, useSession } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import { SharingSettingsCard } from './sharing/sharing-settings-card';
import { myCreatorQueryKey, useMyCreator } from './my-creator';
import {
  fieldId,
  formatErrors,
  missingItems,
  missingMessage,
  profileBody,
  profileValuesOf,
  type ProfileValues,
  type RequiredItem,
} from './profile-form';
import { IntroSection, PhotoSection } from './profile-media';

/**
 * The account pages the profile links to: each is opened with the account's e-mail in navigation state, without
 * which it answers abnormal access (password-change-page.tsx, bank-account-page.tsx).
 */
const ACCOUNT_CHANGES = [
  { to: '/password-change', label: 'creatorStudio.profile.passwordChange' },
  { to: '/bank-account-change', label: 'creatorStudio.profile.bankAccountChange' },
] as const;

/** `/edit-creator-profile`. */
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
            {ACCOUNT_CHANGES.map(({ to, label }) => (
              <Button key={to} component={RouterLink} to={to} state={{ email: creator.email ?? '' }} variant="outlined">
                {t(label)}
              </Button>
            ))}
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
                  label={t(`creatorStudio.profile.snsNames.${type}`)}
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
          {creator.adultContentClearPending ? (
            <Alert severity="info">{t('creatorStudio.profile.adultClearPending')}</Alert>
          ) : null}

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
      <NotificationSettingsCard />
      <SharingSettingsCard />
    </Page>
  );
}
