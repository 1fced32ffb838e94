import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface NewPasswordValues {
  current: string;
  password: string;
  confirm: string;
}

/**
 * New password and confirmation (plus the current one when changing): the button stays disabled until every field
 * is filled; the two new ones must be identical. `onSubmit` answers an error message to show, or nothing.
 */
export function NewPasswordForm({
  withCurrent,
  validatePassword,
  onSubmit,
}: {
  withCurrent: boolean;
  /** The contracts' schema check; answers a message key or null. */
  validatePassword: (values: NewPasswordValues) => string | null;
  onSubmit: (values: NewPasswordValues) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<NewPasswordValues>({ current: '', password: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = (!withCurrent || values.current !== '') && values.password !== '' && values.confirm !== '';

  const set = (field: keyof NewPasswordValues) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.password !== values.confirm) {
      setError(t('password.notIdentical'));
      return;
    }
    const problem = validatePassword(values);
    if (problem) {
      setError(t(problem));
      return;
    }
    setBusy(true);
    const message = await onSubmit(values);
    setBusy(false);
    if (message) setError(message);
  };

  return (
    <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {withCurrent ? (
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
        />
      ) : null}
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        helperText={t('password.rule')}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
      />
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={!complete || busy}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
