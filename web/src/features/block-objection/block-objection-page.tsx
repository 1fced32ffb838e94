import {
  BLOCK_OBJECTION,
  blockObjectionRequestSchema,
  type BlockObjectionReceipt,
  type BlockObjectionRequest,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, failureMessage } from '../../shared/api/client';
import { useSchemaForm } from '../../shared/forms/schema-form';
import { Page } from '../../shared/ui/page';

/** `POST /block-objections`: the blocked account proves who it is with its e-mail and password. */
export async function fileBlockObjection(body: BlockObjectionRequest): Promise<BlockObjectionReceipt> {
  return (
    await api<BlockObjectionReceipt>('/block-objections', { method: 'POST', body, token: null, globalErrors: 'none' })
  ).data;
}

/**
 * `/block-objection` (operating policy): a member or creator whose login is blocked objects within 30 days,
 * once per block. Reached from the login's "blocked" message and the footer; `?email=` fills the e-mail.
 */
export function BlockObjectionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { form, values, textField, errorKey, fail, failure } = useSchemaForm(blockObjectionRequestSchema, {
    email: params.get('email') ?? '',
    password: '',
    reason: '',
  });
  const [receipt, setReceipt] = useState<BlockObjectionReceipt | null>(null);
  const busy = form.formState.isSubmitting;
  const helper = (name: 'email' | 'password' | 'reason') => {
    const key = errorKey(name);
    return key ? t(key) : undefined;
  };

  const submit = async (body: BlockObjectionRequest) => {
    try {
      setReceipt(await fileBlockObjection(body));
    } catch (error) {
      // Wrong e-mail or password (401), not blocked / too late / already objected (409), too many tries (429).
      fail(failureMessage(error, t('blockObjection.failed')));
    }
  };

  return (
    <Page title={t('blockObjection.title')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('blockObjection.intro', { days: BLOCK_OBJECTION.withinDays })}
      </Typography>
      {receipt ? (
        <Alert severity="success" role="status">
          {t('blockObjection.done', { id: receipt.id })}
        </Alert>
      ) : (
        <Stack
          component="form"
          spacing={2}
          noValidate
          aria-label={t('blockObjection.title')}
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
        >
          <TextField
            label={t('blockObjection.email')}
            type="email"
            autoComplete="email"
            {...textField('email')}
            helperText={helper('email')}
          />
          <TextField
            label={t('blockObjection.password')}
            type="password"
            autoComplete="current-password"
            {...textField('password')}
            helperText={helper('password')}
          />
          <TextField
            label={t('blockObjection.reason')}
            multiline
            minRows={5}
            {...textField('reason')}
            helperText={
              helper('reason') ??
              t('blockObjection.reasonHelp', { count: values.reason.length, max: BLOCK_OBJECTION.reasonMaxLength })
            }
            slotProps={{ htmlInput: { maxLength: BLOCK_OBJECTION.reasonMaxLength } }}
          />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('blockObjection.submit')}
          </Button>
        </Stack>
      )}
    </Page>
  );
}
