import { CREATOR_NAME_MAX, CREATOR_REVIEW_DAYS } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api } from '../../shared/api/client';
import { fetchCurrentUser } from '../../shared/api/current-user';
import { storeCurrentUser, useSession } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';

export interface RegistrationErrors {
  name?: string;
  understood?: string;
}

export function checkRegistration(values: { name: string; understood: boolean }): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > CREATOR_NAME_MAX) errors.name = 'creatorStudio.errors.tooLong';
  if (!values.understood) errors.understood = 'creatorStudio.registration.mustUnderstand';
  return errors;
}

/** `/creator-registration`: a verified fan's one-way switch to a creator account, behind the warning. */
export function CreatorRegistrationPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState(session.userName ?? '');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkRegistration({ name, understood });
    setErrors(found);
    if (Object.keys(found).length > 0 || session.userId === null) return;
    setBusy(true);
    try {
      await api(`/users/${session.userId}/creator`, { method: 'POST', body: { name: name.trim() } });
      storeCurrentUser(await fetchCurrentUser());
      void navigate('/newbie-creator-mypage', { replace: true });
    } catch {
      setBusy(false);
      void showAlert(t('creatorStudio.registration.failed'));
    }
  };

  return (
    <Page title={t('creatorStudio.registration.title')} width="sm">
      <Card>
        <Typography>{t('creatorStudio.registration.body', CREATOR_REVIEW_DAYS)}</Typography>
        <Alert severity="warning" role="note">
          <AlertTitle sx={{ fontWeight: 800 }}>{t('creatorStudio.registration.warningTitle')}</AlertTitle>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            <li>
              <strong>{t('creatorStudio.registration.warningIrreversible')}</strong>
            </li>
            <li>{t('creatorStudio.registration.warningCoins')}</li>
            <li>{t('creatorStudio.registration.warningRequests')}</li>
          </ul>
        </Alert>
        <Stack
          component="form"
          onSubmit={submit}
          noValidate
          spacing={2}
          aria-label={t('creatorStudio.registration.title')}
        >
          <TextField
            label={t('creatorStudio.registration.creatorName')}
            required
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors(({ name: _removed, ...rest }) => rest);
            }}
            error={Boolean(errors.name)}
            helperText={errors.name ? t(errors.name, { max: CREATOR_NAME_MAX }) : undefined}
          />
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={understood}
                  onChange={(_, checked) => {
                    setUnderstood(checked);
                    setErrors(({ understood: _removed, ...rest }) => rest);
                  }}
                />
              }
              label={t('creatorStudio.registration.understand')}
            />
            {errors.understood ? <FormHelperText error>{t(errors.understood)}</FormHelperText> : null}
          </div>
          <Button type="submit" variant="contained" color="error" size="large" disabled={busy}>
            {t('creatorStudio.registration.submit')}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}
