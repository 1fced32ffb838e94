import {
  BLOCK_OBJECTION,
  type BlockLookup,
  type BlockLookupRequest,
  blockObjectionRequestSchema,
  type BlockObjectionReceipt,
  type BlockObjectionRequest,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, failureMessage } from '../../shared/api/client';
import { formatDotDate } from '../../shared/format/date';
import { useSchemaForm } from '../../shared/forms/schema-form';
import { Page } from '../../shared/ui/page';

/** `POST /block-objections`: the blocked account proves who it is with its e-mail and password. */
export async function fileBlockObjection(body: BlockObjectionRequest): Promise<BlockObjectionReceipt> {
  return (
    await api<BlockObjectionReceipt>('/block-objections', { method: 'POST', body, token: null, globalErrors: 'none' })
  ).data;
}

/** `POST /block-objections/block`: why and since when the account is blocked, for its holder only. */
export async function lookUpBlock(body: BlockLookupRequest): Promise<BlockLookup> {
  return (
    await api<BlockLookup>('/block-objections/block', { method: 'POST', body, token: null, globalErrors: 'none' })
  ).data;
}

/** The block as its holder is told it: the operator's reason, the date, and until when he may object. */
function BlockDetails({ block }: { block: BlockLookup }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" role="region" aria-label={t('blockObjection.blockTitle')}>
      <Typography sx={{ fontWeight: 700 }}>{t('blockObjection.blockTitle')}</Typography>
      <Typography variant="body2">{t('blockObjection.blockedAt', { date: formatDotDate(block.blockedAt) })}</Typography>
      <Typography variant="body2">
        {t('blockObjection.blockReason', { reason: block.reason ?? t('blockObjection.noReason') })}
      </Typography>
      <Typography variant="body2">
        {block.objected
          ? t('blockObjection.alreadyObjected')
          : t('blockObjection.objectableUntil', { date: formatDotDate(block.objectableUntil) })}
      </Typography>
    </Alert>
  );
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
  const [block, setBlock] = useState<BlockLookup | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
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

  /** The e-mail and password typed so far tell the member why he is blocked, before he writes his objection. */
  const showBlock = async () => {
    const valid = await form.trigger(['email', 'password']);
    if (!valid) return;
    setLookingUp(true);
    try {
      setBlock(await lookUpBlock({ email: values.email, password: values.password }));
    } catch (error) {
      fail(failureMessage(error, t('blockObjection.failed')));
    } finally {
      setLookingUp(false);
    }
  };

  return (
    <Page title={t('blockObjection.title')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('blockObjection.intro', { days: BLOCK_OBJECTION.withinDays })}
      </Typography>
      {block ? (
        <Box sx={{ mb: 3 }}>
          <BlockDetails block={block} />
        </Box>
      ) : null}
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
          {block ? null : (
            <Button variant="outlined" onClick={() => void showBlock()} disabled={lookingUp}>
              {t('blockObjection.showBlock')}
            </Button>
          )}
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
