import { updateProfileRequestSchema, type CurrentUser } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api } from '../../shared/api/client';
import { fetchCurrentUser, useCurrentUser } from '../../shared/api/current-user';
import { AddressSearchButton } from '../../shared/forms/address-search';
import { digitsOnly, validate, type FieldErrors } from '../../shared/forms/validate';
import { storeCurrentUser } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import type { PasswordChangeState } from './password-change-page';

export interface ProfileValues {
  username: string;
  phone: string;
  address: string;
  addressDetail: string;
}

/** Nickname is required (with its own message); phone is digits only (01 §5). */
export function checkProfile(values: ProfileValues) {
  const checked = validate(updateProfileRequestSchema, values);
  if (checked.ok) return checked;
  const errors: FieldErrors = { ...checked.errors };
  if (errors.username) errors.username = 'validation.nicknameRequired';
  return { ok: false as const, errors };
}

/** `/edit-user-profile` */
export function EditProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <Page title={t('editProfile.title')} width="sm">
      <Card>{user ? <EditProfileForm user={user} /> : <CircularProgress sx={{ alignSelf: 'center' }} />}</Card>
    </Page>
  );
}

export function EditProfileForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>({
    username: user.username,
    phone: user.phone ?? '',
    address: user.address ?? '',
    addressDetail: user.addressDetail ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof ProfileValues, transform: (value: string) => string = (value) => value) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((previous) => ({ ...previous, [name]: transform(event.target.value) }));
      setErrors(({ [name]: _removed, ...rest }) => rest);
    },
    error: name in errors,
    helperText: errors[name] ? t(errors[name]) : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProfile(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await api(`/users/${user.id}`, { method: 'PUT', body: values });
      storeCurrentUser(await fetchCurrentUser());
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
      void showAlert(t('editProfile.saved'));
    } catch {
      void showAlert(t('editProfile.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label={t('editProfile.title')}>
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
      <TextField
        label={t('signUp.phone')}
        type="tel"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...field('phone', digitsOnly)}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField label={t('signUp.address')} {...field('address')} />
        {i18n.language === 'ko' ? (
          <AddressSearchButton onSelect={(address) => setValues((previous) => ({ ...previous, address }))} />
        ) : null}
      </Stack>
      <TextField label={t('signUp.addressDetail')} {...field('addressDetail')} />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('editProfile.save')}
      </Button>
    </Stack>
  );
}
