import { koreaDate, PAUSE_MESSAGE_MAX, type CreatorCapacity } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { ApiError, failureMessage } from '../../../shared/api/client';
import { digitsOnly } from '../../../shared/forms/validate';
import { saveCapacity } from './capacity-api';

const capText = (cap: number | null) => (cap === null ? '' : String(cap));
const capValue = (text: string) => (text === '' ? null : Number(text));

/** The creator's request settings: pause with an optional return day and message, and caps on open requests. */
export function CapacitySettings({ creatorId, stored }: { creatorId: number; stored: CreatorCapacity }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [paused, setPaused] = useState(stored.pausedNow);
  const [returnOn, setReturnOn] = useState(stored.pausedNow ? (stored.returnOn ?? '') : '');
  const [message, setMessage] = useState(stored.pauseMessage ?? '');
  const [maxOpen, setMaxOpen] = useState(capText(stored.maxOpenRequests));
  const [productCaps, setProductCaps] = useState(
    Object.fromEntries(stored.products.map((product) => [product.productId, capText(product.maxOpenRequests)])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const tomorrow = koreaDate(new Date(Date.now() + 24 * 60 * 60 * 1000));

  const save = async () => {
    setBusy(true);
    setFieldErrors({});
    try {
      await saveCapacity(creatorId, {
        paused,
        returnOn: paused && returnOn !== '' ? returnOn : null,
        pauseMessage: message.trim() === '' ? null : message,
        maxOpenRequests: capValue(maxOpen),
        productCaps: stored.products.map((product) => ({
          productId: product.productId,
          maxOpenRequests: capValue(productCaps[product.productId] ?? ''),
        })),
      });
      await queryClient.invalidateQueries({ queryKey: ['creators', creatorId] });
      void showAlert(t('capacity.settings.saved'));
    } catch (error) {
      const subErrors = error instanceof ApiError ? (error.body?.subErrors ?? []) : [];
      if (subErrors.length > 0) {
        setFieldErrors(Object.fromEntries(subErrors.map((sub) => [sub.field, sub.message])));
      } else {
        void showAlert(t('capacity.settings.failed', { reason: failureMessage(error, String(error)) }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="capacity-title" sx={{ p: 2, borderRadius: 2 }}>
      <Typography id="capacity-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        {t('capacity.settings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('capacity.settings.intro')}
      </Typography>
      {stored.pausedNow ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('capacity.settings.pausedNow')}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <FormControlLabel
          control={<Switch checked={paused} onChange={(_, checked) => setPaused(checked)} />}
          label={t('capacity.settings.pause')}
        />
        {paused ? (
          <>
            <TextField
              type="date"
              label={t('capacity.settings.returnOn')}
              value={returnOn}
              onChange={(event) => setReturnOn(event.target.value)}
              error={fieldErrors.returnOn !== undefined}
              helperText={fieldErrors.returnOn ?? t('capacity.settings.returnOnHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow } }}
            />
            <TextField
              label={t('capacity.settings.message')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              error={fieldErrors.pauseMessage !== undefined}
              helperText={
                fieldErrors.pauseMessage ??
                t('capacity.settings.messageCount', { count: message.length, max: PAUSE_MESSAGE_MAX })
              }
              slotProps={{ htmlInput: { maxLength: PAUSE_MESSAGE_MAX } }}
            />
          </>
        ) : null}
        <TextField
          label={t('capacity.settings.maxOpen')}
          value={maxOpen}
          onChange={(event) => setMaxOpen(digitsOnly(event.target.value))}
          error={fieldErrors.maxOpenRequests !== undefined}
          helperText={
            fieldErrors.maxOpenRequests ??
            `${t('capacity.settings.open', { count: stored.openRequests })} · ${t('capacity.settings.noLimit')}`
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {stored.products.length > 0 ? (
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {t('capacity.settings.productCaps')}
          </Typography>
        ) : null}
        {stored.products.map((product, index) => {
          const error = fieldErrors[`productCaps[${index}].maxOpenRequests`];
          return (
            <TextField
              key={product.productId}
              size="small"
              label={t('capacity.settings.productCap', { name: product.name })}
              value={productCaps[product.productId] ?? ''}
              onChange={(event) =>
                setProductCaps((caps) => ({ ...caps, [product.productId]: digitsOnly(event.target.value) }))
              }
              error={error !== undefined}
              helperText={error ?? t('capacity.settings.open', { count: product.openRequests })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          );
        })}
        <Button variant="contained" disabled={busy} onClick={() => void save()} sx={{ alignSelf: 'flex-start' }}>
          {t('capacity.settings.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
