import {
  missionRequestSchema,
  TEXT_LIMITS,
  type FileEntry,
  type MissionProduct,
  type MissionRequest,
  type MissionRequestResponse,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { invalidateCoinBalance, useCoinBalance } from '../../shared/api/coin-balance';
import { validate } from '../../shared/forms/validate';
import { CoinChargeDialog, mayCharge } from '../../shared/coins/coin-charge-dialog';
import { requestMission } from './api/mission-request';
import { deleteUpload, uploadWithProgress } from './upload';

export interface RequestForm {
  to: string;
  toFriend: boolean;
  from: string;
  requestComment: string;
  private: boolean;
  amount: string;
  terms: boolean;
}

export const EMPTY_REQUEST_FORM: RequestForm = {
  to: '',
  toFriend: false,
  from: '',
  requestComment: '',
  private: false,
  amount: '',
  terms: false,
};

type Product = Pick<MissionProduct, 'id' | 'type' | 'coinPrice' | 'minimumCost' | 'allowAttachments'>;

/** Field → message key with its values, checked in the spec's order (02 §5 mission request). */
export type RequestErrors = Partial<Record<keyof RequestForm, { key: string; values?: Record<string, unknown> }>>;

export function checkRequest(form: RequestForm, product: Product): RequestErrors {
  const errors: RequestErrors = {};
  if (!form.to.trim()) errors.to = { key: 'validation.required' };
  if (form.toFriend && !form.from.trim()) errors.from = { key: 'validation.required' };
  if (!form.requestComment.trim()) errors.requestComment = { key: 'validation.required' };
  if (product.type === 'CUSTOM') {
    const minimum = product.minimumCost ?? 1;
    const amount = Number(form.amount);
    if (!form.amount.trim() || !Number.isInteger(amount) || amount < minimum) {
      errors.amount = { key: 'missionRequest.belowMinimum', values: { min: minimum } };
    }
  }
  if (!form.terms) errors.terms = { key: 'missionRequest.termsRequired' };
  return errors;
}

/** What the request costs: the product price, or the offer for CUSTOM. */
export function requestCost(form: RequestForm, product: Product): number {
  return product.type === 'CUSTOM' ? Number(form.amount) || 0 : (product.coinPrice ?? 0);
}

/** Attachments: BASIC only when the product allows them, always for CUSTOM (02 §5). */
export function attachmentsAllowed(product: Product): boolean {
  return product.type === 'CUSTOM' || (product.type === 'BASIC' && product.allowAttachments);
}

export function requestBody(form: RequestForm, product: Product, fileId: number | undefined): MissionRequest {
  return {
    private: form.private,
    toFriend: form.toFriend,
    to: form.to.trim(),
    ...(form.toFriend && { from: form.from.trim() }),
    requestComment: form.requestComment.trim(),
    missionProductId: product.id,
    ...(product.type === 'CUSTOM' && { coinPrice: Number(form.amount) }),
    ...(fileId !== undefined && { requestFileId: fileId }),
  };
}

/** The BASIC / CUSTOM request modal (02 §2, §5, §8). */
export function MissionRequestDialog({
  product,
  onClose,
  onRequested,
}: {
  product: MissionProduct;
  onClose: () => void;
  onRequested?: (response: MissionRequestResponse) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<RequestForm>(EMPTY_REQUEST_FORM);
  const [errors, setErrors] = useState<RequestErrors>({});
  const [busy, setBusy] = useState(false);
  const [charging, setCharging] = useState(false);
  const [file, setFile] = useState<{ name: string; entry: FileEntry | null; progress: number } | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const balance = useCoinBalance();
  const held = balance.data?.point ?? 0;
  const cost = requestCost(form, product);
  const set = <Key extends keyof RequestForm>(key: Key, value: RequestForm[Key]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const message = (key: keyof RequestForm) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };

  const pick = async (picked: File) => {
    if (file?.entry) void deleteUpload(file.entry.id);
    setFile({ name: picked.name, entry: null, progress: 0 });
    try {
      const entry = await uploadWithProgress(picked, (progress) =>
        setFile((current) => (current ? { ...current, progress } : current)),
      );
      setFile({ name: picked.name, entry, progress: 100 });
    } catch (error) {
      setFile(null);
      void showAlert(t('missionRequest.uploadFailed', { reason: (error as Error).message }));
    }
  };
  const removeFile = () => {
    if (file?.entry) void deleteUpload(file.entry.id);
    setFile(null);
  };

  const submit = async () => {
    const found = checkRequest(form, product);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (held < cost) {
      await showAlert(t('missionRequest.notEnoughCoins'));
      if (mayCharge()) setCharging(true);
      return;
    }
    const checked = validate(missionRequestSchema, requestBody(form, product, file?.entry?.id));
    if (!checked.ok) {
      setErrors(
        Object.fromEntries(Object.entries(checked.errors).map(([field, key]) => [field, { key }])) as RequestErrors,
      );
      return;
    }
    setBusy(true);
    try {
      const data = await requestMission(checked.data, idempotencyKey.current);
      await invalidateCoinBalance(queryClient);
      onRequested?.(data);
      onClose();
      void showAlert(t('missionRequest.done'));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.body?.code === 'NOT_ENOUGH_COINS') {
        await showAlert(t('missionRequest.notEnoughCoins'));
        if (mayCharge()) setCharging(true);
        return;
      }
      if (error instanceof ApiError && error.status === 403) return; // the client's global handling took over
      // 02 §8: registration failure asks to retry, deletes the uploaded file and reloads.
      if (file?.entry) await deleteUpload(file.entry.id);
      await showAlert(error instanceof ApiError && error.body ? error.body.message : t('missionRequest.failed'));
      window.location.reload();
    }
  };

  const uploading = file !== null && file.entry === null;
  // The not-enough-coins path replaces this modal with the charge modal; closing it closes both.
  if (charging) return <CoinChargeDialog onClose={onClose} />;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="mission-request-title">
      <DialogTitle id="mission-request-title" sx={{ fontWeight: 800 }}>
        {t('missionRequest.title', { name: product.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('missionRequest.to')}
            value={form.to}
            onChange={(event) => set('to', event.target.value.slice(0, TEXT_LIMITS.recipientName))}
            error={Boolean(errors.to)}
            helperText={message('to')}
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.recipientName } }}
            required
          />
          <FormControlLabel
            control={<Checkbox checked={form.toFriend} onChange={(event) => set('toFriend', event.target.checked)} />}
            label={t('missionRequest.toFriend')}
          />
          {form.toFriend ? (
            <TextField
              label={t('missionRequest.from')}
              value={form.from}
              onChange={(event) => set('from', event.target.value.slice(0, TEXT_LIMITS.friendSenderName))}
              error={Boolean(errors.from)}
              helperText={message('from')}
              slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.friendSenderName } }}
              required
            />
          ) : null}
          <Box>
            <TextField
              label={t('missionRequest.detail')}
              value={form.requestComment}
              onChange={(event) => set('requestComment', event.target.value.slice(0, TEXT_LIMITS.requestComment))}
              error={Boolean(errors.requestComment)}
              helperText={message('requestComment')}
              slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.requestComment } }}
              multiline
              minRows={3}
              fullWidth
              required
            />
            <Typography variant="caption" color="text.secondary" aria-label={t('missionRequest.counter')}>
              {form.requestComment.length}/{TEXT_LIMITS.requestComment}
            </Typography>
          </Box>
          {product.type === 'CUSTOM' ? (
            <TextField
              label={t('missionRequest.amount')}
              value={form.amount}
              onChange={(event) => set('amount', event.target.value.replace(/\D/g, ''))}
              error={Boolean(errors.amount)}
              helperText={message('amount') ?? t('missionRequest.belowMinimum', { min: product.minimumCost ?? 1 })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          ) : null}
          {attachmentsAllowed(product) ? (
            <Box>
              <Button component="label" variant="outlined" disabled={uploading || busy}>
                {t('missionRequest.attach')}
                <input
                  type="file"
                  hidden
                  accept="image/*,video/*,audio/*"
                  aria-label={t('missionRequest.attach')}
                  onChange={(event) => {
                    const picked = event.target.files?.[0];
                    event.target.value = '';
                    if (picked) void pick(picked);
                  }}
                />
              </Button>
              {file ? (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                  <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
                    {file.name}
                  </Typography>
                  {file.entry ? (
                    <Button size="small" onClick={removeFile}>
                      {t('missionRequest.removeFile')}
                    </Button>
                  ) : null}
                </Stack>
              ) : null}
              {uploading ? (
                <LinearProgress
                  variant="determinate"
                  value={file.progress}
                  aria-label={t('missionRequest.uploading')}
                  sx={{ mt: 1 }}
                />
              ) : null}
            </Box>
          ) : null}
          <FormControlLabel
            control={<Checkbox checked={form.private} onChange={(event) => set('private', event.target.checked)} />}
            label={t('missionRequest.private')}
          />
          <Alert severity="info">{t('missionRequest.notice')}</Alert>
          <Box>
            <FormControlLabel
              control={<Checkbox checked={form.terms} onChange={(event) => set('terms', event.target.checked)} />}
              label={t('missionRequest.terms')}
            />
            {errors.terms ? <FormHelperText error>{message('terms')}</FormHelperText> : null}
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>{t('missionRequest.cost', { count: cost })}</Typography>
            <Typography color={held < cost ? 'error' : 'text.secondary'}>
              {t('missionRequest.held', { count: held })}
            </Typography>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || uploading}>
          {t('missionRequest.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
