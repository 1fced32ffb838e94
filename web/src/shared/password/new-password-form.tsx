import { changePasswordRequestSchema, resetPasswordRequestSchema } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSchemaForm } from '../forms/schema-form';

export interface NewPasswordValues {
  current: string;
  password: string;
  confirm: string;
}

/**
 * The form's schema: the two new passwords must be identical, then the contracts' rule applies — the reset
 * request's password, or the change request's password and current password.
 */
export function newPasswordSchema(withCurrent: boolean) {
  return z.object({ current: z.string(), password: z.string(), confirm: z.string() }).superRefine((values, context) => {
    if (values.password !== values.confirm) {
      context.addIssue({ code: 'custom', path: ['confirm'], message: 'password.notIdentical' });
      return;
    }
    const checked = withCurrent
      ? changePasswordRequestSchema.safeParse({ password: values.password, currentPassword: values.current })
      : resetPasswordRequestSchema.safeParse({ password: values.password });
    for (const issue of checked.error?.issues ?? []) {
      const field = issue.path[0] === 'currentPassword' ? 'current' : 'password';
      context.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
}

/**
 * New password and confirmation (plus the current one when changing): the button stays disabled until every field
 * is filled; the two new ones must be identical. `onSubmit` answers an error message to show, or nothing.
 */
export function NewPasswordForm({
  withCurrent,
  onSubmit,
}: {
  withCurrent: boolean;
  onSubmit: (values: NewPasswordValues) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => newPasswordSchema(withCurrent), [withCurrent]);
  const { form, values, set, errorKey, fail, failure } = useSchemaForm(schema, {
    current: '',
    password: '',
    confirm: '',
  });
  const complete = (!withCurrent || values.current !== '') && values.password !== '' && values.confirm !== '';
  // One message at a time, the confirmation's first.
  const problem = errorKey('confirm') ?? errorKey('password') ?? errorKey('current');
  const error = problem ? t(problem) : failure;

  const field = (name: keyof NewPasswordValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      set(name, event.target.value);
      form.clearErrors(); // any edit removes the one message shown
    },
  });

  const submit = form.handleSubmit(async (checked) => {
    const message = await onSubmit(checked);
    if (message) fail(message);
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      {withCurrent ? (
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          {...field('current')}
        />
      ) : null}
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        {...field('password')}
        helperText={t('password.rule')}
      />
      <TextField label={t('password.confirm')} type="password" autoComplete="new-password" {...field('confirm')} />
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={!complete || form.formState.isSubmitting}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
