import { updateProfileRequestSchema, type CurrentUser } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { refreshCurrentUser, useCurrentUser } from '../../shared/api/current-user';
import { AddressSearchButton } from '../../shared/forms/address-search';
import { useSchemaForm } from '../../shared/forms/schema-form';
import { NotificationSettingsCard } from '../../shared/notifications/notification-settings';
import { validate, type FieldErrors } from '../../shared/forms/validate';
import { Card, Page } from '../../shared/ui/page';
import { AccountDeletionCard } from './account-deletion';
import { updateProfile, type ProfileValues } from './api/account';
import { PhoneConfirmationCard } from './phone-confirmation';
import type { PasswordChangeState } from './password-change-page';

/** The nickname's own message for any error of it. */
const PROFILE_MESSAGES = { username: 'validation.nicknameRequired' } as const;

/** Nickname is required (with its own message). The mobile number has its own card (./phone-confirmation.tsx). */
export function checkProfile(values: ProfileValues) {
  const checked = validate(updateProfileRequestSchema, values);
  if (checked.ok) return checked;
  const errors: FieldErrors = { ...checked.errors };
  if (errors.username) errors.username = PROFILE_MESSAGES.username;
  return { ok: false as const, errors };
}

/** `/edit-user-profile` */
export function EditProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <Page title={t('editProfile.title')} width="sm">
      <Card>{user ? <EditProfileForm user={user} /> : <CircularProgress sx={{ alignSelf: 'center' }} />}</Card>
      <PhoneConfirmationCard />
      <NotificationSettingsCard />
      <AccountDeletionCard />
    </Page>
  );
}

export function EditProfileForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { form, values, set, errorKey, textField } = useSchemaForm(
    updateProfileRequestSchema,
    {
      username: user.username,
      address: user.address ?? '',
      addressDetail: user.addressDetail ?? '',
      rankingOptOut: user.rankingOptOut,
    },
    PROFILE_MESSAGES,
  );

  const field = (name: Exclude<keyof ProfileValues, 'rankingOptOut'>) => {
    const key = errorKey(name);
    return { ...textField(name), helperText: key ? t(key) : undefined };
  };

  const submit = form.handleSubmit(async () => {
    try {
      await updateProfile(user.id, form.getValues() as ProfileValues);
      await refreshCurrentUser(queryClient);
      void showAlert(t('editProfile.saved'));
    } catch {
      void showAlert(t('editProfile.failed'));
    }
  });

  return (
    <Stack
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      spacing={2}
      aria-label={t('editProfile.title')}
    >
      <TextField label={t('editProfile.email')} value={user.email ?? ''} disabled />
      {user.provider === 'local' && user.email ? (
        <Link
          component={RouterLink}
          to="/password-change"
          state={{ email: user.email } satisfies PasswordChangeState}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('editProfile.passwordChange')}
        </Link>
      ) : null}
      <TextField label={t('signUp.nickname')} required {...field('username')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField label={t('signUp.address')} {...field('address')} />
        {i18n.language === 'ko' ? <AddressSearchButton onSelect={(address) => set('address', address)} /> : null}
      </Stack>
      <TextField label={t('signUp.addressDetail')} {...field('addressDetail')} />
      <FormControlLabel
        control={
          <Checkbox checked={values.rankingOptOut ?? false} onChange={(_, checked) => set('rankingOptOut', checked)} />
        }
        label={t('editProfile.rankingOptOut')}
      />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {t('editProfile.save')}
      </Button>
    </Stack>
  );
}
