import { formatNumber } from '@fanmission/contracts';
import type { BankTransferCreated } from '@fanmission/contracts';
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
import { useTranslation } from 'react-i18next';
import { BankDepositInstructionsList } from './bank-deposit-instructions';
import { CashReceiptFields } from './cash-receipt-fields';
import { CHARGE_PAY_METHODS, type ChargePayMethod } from './charge-form';
import { useCoinCharge } from './use-coin-charge';
import { formatPhoneNumber } from '../format/phone';

/**
 * The coin charge modal: items, pay method, terms, depositor fields; provider payments go to the checkout page; a bank
 * deposit's request ends on where, how much and by when to pay.
 */
export function CoinChargeDialog({
  onClose,
  onBankRequested,
}: {
  onClose: () => void;
  /** A bank deposit was asked for (its coins arrive once finance has seen the money), before `onClose`. */
  onBankRequested?: (requested: BankTransferCreated) => void;
}) {
  const { t } = useTranslation();
  const charge = useCoinCharge(onClose, onBankRequested);
  const { values: form, set, errorKey, busy, submit, items, requested } = charge;
  const bank = form.payMethod === 'withoutbankbook';
  const paypal = form.payMethod === 'paypal';
  const errors = {
    coinItemId: errorKey('coinItemId'),
    agreed: errorKey('agreed'),
    depositorName: errorKey('depositorName'),
    depositorPhone: errorKey('depositorPhone'),
    cashReceiptNumber: errorKey('cashReceiptNumber'),
  };

  if (requested) {
    return (
      <Dialog open onClose={charge.closeRequested} fullWidth maxWidth="sm" aria-labelledby="bank-requested-title">
        <DialogTitle id="bank-requested-title">{t('bankDeposit.requestedTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography>{t('bankDeposit.payInto')}</Typography>
            <BankDepositInstructionsList instructions={requested.instructions} />
            <Alert severity="info">{t('bankDeposit.exactAmount')}</Alert>
            <Typography variant="body2" color="text.secondary">
              {t('bankDeposit.seePending')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={charge.closeRequested}>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
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
                  <span style={{ fontWeight: 700 }}>
                    {t('coinCharge.itemLabel', { point: formatNumber(item.point) })}
                  </span>
                  <span>
                    {paypal
                      ? `$${item.usdPrice.toFixed(2)}`
                      : t('coinHistory.won', { amount: formatNumber(item.price) })}
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
          {form.payMethod === 'phone' ? <Alert severity="info">{t('coinCharge.phoneNote')}</Alert> : null}
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
              <CashReceiptFields
                choice={form.cashReceipt}
                number={form.cashReceiptNumber}
                error={errors.cashReceiptNumber}
                onChoice={(choice) => {
                  set('cashReceipt', choice);
                  // 소득공제 goes to a mobile number: the depositor's, just typed, unless one was written already.
                  if (choice === 'PHONE' && !form.cashReceiptNumber.trim() && form.depositorPhone.trim()) {
                    set('cashReceiptNumber', formatPhoneNumber(form.depositorPhone.trim()));
                  }
                }}
                onNumber={(number) => set('cashReceiptNumber', number)}
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
