import type { CurrentUser, ErrorResponse, PhoneCodeSent, PhoneConfirmed } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../shared/api/client';
import { refreshCurrentUser, useCurrentUser } from '../../shared/api/current-user';
import { digitsOnly } from '../../shared/forms/validate';

/** `POST /users/me/phone/code`: the number becomes the member's, unconfirmed, and gets a code by SMS. */
export async function sendPhoneCode(phone: string) {
  return (await api<PhoneCodeSent>('/users/me/phone/code', { method: 'POST', body: { phone }, globalErrors: 'none' }))
    .data;
}

/** `POST /users/me/phone/confirmation` with the SMS's six digits. */
export async function confirmPhoneCode(code: string) {
  return (
    await api<PhoneConfirmed>('/users/me/phone/confirmation', { method: 'POST', body: { code }, globalErrors: 'none' })
  ).data;
}

type Problem = { field?: string; message: string };

function problemOf(error: unknown): Problem {
  const body: ErrorResponse | undefined = error instanceof ApiError ? error.body : undefined;
  const sub = body?.subErrors?.[0];
  if (sub) return { field: sub.field, message: sub.message };
  return { message: body?.message ?? String(error) };
}

function PhoneConfirmationForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(user.phone ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      const sent = await sendPhoneCode(phone);
      setSentTo(sent.phone);
      setDone(false);
      setCode('');
      await refreshCurrentUser(queryClient);
    });
  const confirm = () =>
    run(async () => {
      await confirmPhoneCode(code);
      setSentTo(null);
      setDone(true);
      await refreshCurrentUser(queryClient);
    });

  return (
    <Stack spacing={2}>
      {user.phone ? (
        <Chip
          sx={{ alignSelf: 'flex-start' }}
          color={user.phoneConfirmed ? 'success' : 'warning'}
          variant="outlined"
          label={t(
            user.phoneConfirmed ? 'notificationSettings.phone.confirmed' : 'notificationSettings.phone.unconfirmed',
            {
              phone: user.phone,
            },
          )}
        />
      ) : (
        <Typography variant="body2">{t('notificationSettings.phone.none')}</Typography>
      )}
      <Stack
        component="form"
        noValidate
        aria-label={t('notificationSettings.phone.send')}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          label={t('notificationSettings.phone.number')}
          type="tel"
          autoComplete="tel-national"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 13 } }}
          value={phone}
          onChange={(event) => setPhone(digitsOnly(event.target.value))}
          error={problem?.field === 'phone'}
          helperText={problem?.field === 'phone' ? problem.message : undefined}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" size="large" disabled={busy || phone === ''} sx={{ minHeight: 56 }}>
          {t('notificationSettings.phone.send')}
        </Button>
      </Stack>
      {sentTo ? (
        <Stack
          component="form"
          noValidate
          aria-label={t('notificationSettings.phone.confirm')}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <TextField
            label={t('notificationSettings.phone.code')}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            value={code}
            onChange={(event) => setCode(digitsOnly(event.target.value))}
            error={problem?.field === 'code'}
            helperText={
              problem?.field === 'code' ? problem.message : t('notificationSettings.phone.sent', { phone: sentTo })
            }
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || code.length !== 6}
            sx={{ minHeight: 56 }}
          >
            {t('notificationSettings.phone.confirm')}
          </Button>
        </Stack>
      ) : null}
      {problem && problem.field !== 'phone' && problem.field !== 'code' ? (
        <Alert severity="error">{problem.message}</Alert>
      ) : null}
      {done ? <Alert severity="success">{t('notificationSettings.phone.done')}</Alert> : null}
    </Stack>
  );
}

/**
 * The profile page's mobile number card: the number and whether it is confirmed, a button that texts a code to a
 * number, the field for that code. KakaoTalk 알림톡 goes to a confirmed number only.
 */
export function PhoneConfirmationCard() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, mt: 3, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('notificationSettings.phone.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('notificationSettings.phone.intro')}
      </Typography>
      <PhoneConfirmationForm user={user} />
    </Paper>
  );
}
