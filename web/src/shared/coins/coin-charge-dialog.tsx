import { DEFAULT_PAY_METHOD } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../alert/alert';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { readSession } from '../session/session';
import { requestBankTransfer, startCheckout, useCashItems } from './charge-api';

/** The pay methods the charge modal offers (spec 01 §4): kakaopay first and by default. */
export const CHARGE_PAY_METHODS = ['kakaopay', 'paypal', 'withoutbankbook'] as const;
export type ChargePayMethod = (typeof CHARGE_PAY_METHODS)[number];

/** Where the checkout sends the browser back: the coin history page finishes the charge there. */
export const CHARGE_RETURN_PATH = '/coin-history';

export interface ChargeForm {
  coinItemId: number | null;
  payMethod: ChargePayMethod;
  agreed: boolean;
  depositorName: string;
  depositorPhone: string;
}

type ChargeErrors = Partial<Record<'coinItemId' | 'agreed' | 'depositorName' | 'depositorPhone', string>>;

/** Spec 01 §6: an item and the terms are required; a bank deposit also needs the depositor's name and phone. */
export function checkCharge(form: ChargeForm): ChargeErrors {
  const errors: ChargeErrors = {};
  if (form.coinItemId === null) errors.coinItemId = 'coinCharge.selectItem';
  if (!form.agreed) errors.agreed = 'coinCharge.agreeTerms';
  if (form.payMethod === 'withoutbankbook') {
    if (!form.depositorName.trim()) errors.depositorName = 'coinCharge.required';
    if (!form.depositorPhone.trim()) errors.depositorPhone = 'coinCharge.required';
    else if (!/^\d+$/.test(form.depositorPhone.trim())) errors.depositorPhone = 'coinCharge.numeric';
  }
  return errors;
}

/** A creator is refused before the modal opens (spec 01 §5, §8); returns whether the modal may open. */
export function mayCharge(): boolean {
  if (readSession().creatorId === null) return true;
  void showAlert(i18next.t('coinCharge.creatorsCannotCharge'));
  return false;
}

/** The coin charge modal: items, pay method, terms, depositor fields; provider payments go to the checkout page. */
export function CoinChargeDialog({ onClose, onBankRequested }: { onClose: () => void; onBankRequested?: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ChargeForm>({
    coinItemId: null,
    payMethod: DEFAULT_PAY_METHOD as ChargePayMethod,
    agreed: false,
    depositorName: '',
    depositorPhone: '',
  });
  const [errors, setErrors] = useState<ChargeErrors>({});
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());
  const items = useCashItems();
  const set = <Key extends keyof ChargeForm>(key: Key, value: ChargeForm[Key]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const bank = form.payMethod === 'withoutbankbook';
  const paypal = form.payMethod === 'paypal';

  const submit = async () => {
    const session = readSession();
    if (session.creatorId !== null) {
      void showAlert(t('coinCharge.creatorsCannotCharge'));
      onClose();
      return;
    }
    const found = checkCharge(form);
    setErrors(found);
    if (Object.values(found).some(Boolean) || form.coinItemId === null || session.userId === null) return;
    setBusy(true);
    try {
      if (bank) {
        await requestBankTransfer(
          {
            coinItemId: form.coinItemId,
            userId: session.userId,
            depositorName: form.depositorName.trim(),
            depositorPhone: form.depositorPhone.trim(),
            receiptType: 'PHONE',
          },
          idempotencyKey.current,
        );
        await queryClient.invalidateQueries({ queryKey: queryKeys.bankTransfers.all });
        onClose();
        onBankRequested?.();
        void showAlert(t('coinCharge.bankRequested'));
        return;
      }
      const back = new URL(CHARGE_RETURN_PATH, window.location.origin);
      back.searchParams.set('coinItemId', String(form.coinItemId));
      const data = await startCheckout(
        {
          coinItemId: form.coinItemId,
          userId: session.userId,
          payMethod: form.payMethod,
          currency: paypal ? 'USD' : 'KRW',
          language: i18n.language,
          mRedirectUrl: back.toString(),
        },
        idempotencyKey.current,
      );
      if (!data.checkoutUrl) throw new Error(t('coinCharge.noPayload'));
      window.location.assign(data.checkoutUrl);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 401) return; // the client's global handling took over
      const message =
        error instanceof ApiError && error.body
          ? error.body.message
          : bank
            ? t('coinCharge.bankFailed')
            : t('coinCharge.noPayload');
      await showAlert(message);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="coin-charge-title">
      <DialogTitle id="coin-charge-title">{t('coinCharge.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <div>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('coinCharge.items')}</Typography>
            <ToggleButtonGroup
              exclusive
              value={form.coinItemId}
              onChange={(_, value: number | null) => value !== null && set('coinItemId', value)}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}
              aria-label={t('coinCharge.items')}
            >
              {(items.data ?? []).map((item) => (
                <ToggleButton
                  key={item.id}
                  value={item.id}
                  sx={{ flexDirection: 'column', border: '1px solid !important', borderRadius: '8px !important' }}
                >
                  <span style={{ fontWeight: 700 }}>{t('coinCharge.itemLabel', { point: item.point })}</span>
                  <span>
                    {paypal
                      ? `$${item.usdPrice.toFixed(2)}`
                      : t('coinHistory.won', { amount: item.price.toLocaleString() })}
                  </span>
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {errors.coinItemId ? <FormHelperText error>{t(errors.coinItemId)}</FormHelperText> : null}
          </div>
          <div>
            <Typography sx={{ fontWeight: 700 }}>{t('coinCharge.payMethod')}</Typography>
            <RadioGroup row value={form.payMethod} onChange={(_, value) => set('payMethod', value as ChargePayMethod)}>
              {CHARGE_PAY_METHODS.map((method) => (
                <FormControlLabel key={method} value={method} control={<Radio />} label={t(`coinCharge.${method}`)} />
              ))}
            </RadioGroup>
          </div>
          {bank ? (
            <Stack spacing={1.5}>
              <Alert severity="info">{t('coinCharge.bankNote')}</Alert>
              <TextField
                label={t('coinCharge.depositorName')}
                value={form.depositorName}
                onChange={(event) => set('depositorName', event.target.value)}
                error={Boolean(errors.depositorName)}
                helperText={errors.depositorName ? t(errors.depositorName) : undefined}
                slotProps={{ htmlInput: { maxLength: 50 } }}
              />
              <TextField
                label={t('coinCharge.depositorPhone')}
                value={form.depositorPhone}
                onChange={(event) => set('depositorPhone', event.target.value)}
                error={Boolean(errors.depositorPhone)}
                helperText={errors.depositorPhone ? t(errors.depositorPhone) : undefined}
                slotProps={{ htmlInput: { maxLength: 20, inputMode: 'numeric' } }}
              />
            </Stack>
          ) : null}
          <div>
            <FormControlLabel
              control={<Checkbox checked={form.agreed} onChange={(event) => set('agreed', event.target.checked)} />}
              label={t('coinCharge.terms')}
            />
            {errors.agreed ? <FormHelperText error>{t(errors.agreed)}</FormHelperText> : null}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('coinCharge.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {bank ? t('coinCharge.apply') : t('coinCharge.pay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
