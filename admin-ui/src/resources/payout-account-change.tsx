import {
  BANK_ACCOUNT_NUMBER_PATTERN,
  BANK_NAMES,
  PAYOUT_ACCOUNT_HOLD_HOURS,
  type AdminApproval,
  type AdminCreatorPayoutAccount,
  type PayoutAccountState,
} from '@fanmission/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useGetOne, useNotify, useRecordContext, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { announceApprovalsChanged } from '../approval-counts';
import { httpClient } from '../data-provider';
import { useCanWrite } from '../permissions';

/*
 * Finance sets a creator's payout account from his page (`PUT /api/admin/creator-payout-accounts/{id}`): the form, then
 * a confirmation naming the creator, the account now and the account asked for, and what follows. The change is a
 * staff approval request: another finance member approves it, and only then is the account changed, the creator
 * mailed and a statement issued within the hold's hours held (services/src/creators/payout-account.ts).
 */

const RESOURCE = 'creator-payout-accounts';

interface AccountForm {
  bankName: string;
  bankAccountHolder: string;
  bankAccountNumber: string;
  payoutOverseas: boolean;
  payoutForeigner: boolean;
  reason: string;
}

type FormErrors = Partial<Record<keyof AccountForm, string>>;

/** The form's problems as i18n keys, by field (the server checks the same, and answers in the console's language). */
export function accountFormErrors(form: AccountForm): FormErrors {
  const errors: FormErrors = {};
  if (!(BANK_NAMES as readonly string[]).includes(form.bankName)) errors.bankName = 'ra.validation.required';
  if (form.bankAccountHolder.trim() === '') errors.bankAccountHolder = 'ra.validation.required';
  if (form.bankAccountNumber.trim() === '') errors.bankAccountNumber = 'ra.validation.required';
  else if (!BANK_ACCOUNT_NUMBER_PATTERN.test(form.bankAccountNumber.trim()))
    errors.bankAccountNumber = 'console.payoutAccount.digitsOnly';
  if (form.reason.trim() === '') errors.reason = 'ra.validation.required';
  return errors;
}

/** "KB국민은행 123456 · 홍길동 (해외)", or a dash for no account. */
function AccountLine({ account }: { account: PayoutAccountState | undefined }) {
  const translate = useTranslate();
  if (!account?.bankName) return <>-</>;
  const abroad = account.payoutOverseas ? ` (${translate('resources.payout-account-changes.abroad')})` : '';
  return <>{`${account.bankName} ${account.bankAccountNumber ?? ''} · ${account.bankAccountHolder ?? ''}${abroad}`}</>;
}

const EMPTY_FORM: AccountForm = {
  bankName: '',
  bankAccountHolder: '',
  bankAccountNumber: '',
  payoutOverseas: false,
  payoutForeigner: false,
  reason: '',
};

/** The button on a creator's page (finance only) and its form and confirmation. */
export function PayoutAccountChangeAction() {
  const creator = useRecordContext<RaRecord & { name?: string }>();
  const allowed = useCanWrite(RESOURCE);
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const titleId = useId();
  const [step, setStep] = useState<'closed' | 'form' | 'confirm'>('closed');
  const [form, setForm] = useState<AccountForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const { data: current } = useGetOne<AdminCreatorPayoutAccount>(
    RESOURCE,
    { id: Number(creator?.id ?? 0) },
    { enabled: allowed && creator !== undefined },
  );
  if (!creator || !allowed) return null;
  const t = (key: string, options?: Record<string, unknown>) => translate(`console.payoutAccount.${key}`, options);
  const set = <Key extends keyof AccountForm>(key: Key, value: AccountForm[Key]) =>
    setForm((before) => ({ ...before, [key]: value }));
  const open = () => {
    setForm(
      current?.bankName
        ? {
            ...EMPTY_FORM,
            bankName: current.bankName,
            bankAccountHolder: current.bankAccountHolder ?? '',
            payoutOverseas: current.payoutOverseas,
            payoutForeigner: current.payoutForeigner,
          }
        : EMPTY_FORM,
    );
    setErrors({});
    setStep('form');
  };
  const next = () => {
    const found = accountFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('confirm');
  };
  const send = async () => {
    setPending(true);
    try {
      const { status, json } = await httpClient(`/api/admin/${RESOURCE}/${creator.id}`, {
        method: 'PUT',
        body: JSON.stringify({
          bankName: form.bankName,
          bankAccountHolder: form.bankAccountHolder.trim(),
          bankAccountNumber: form.bankAccountNumber.trim(),
          payoutOverseas: form.payoutOverseas,
          payoutForeigner: form.payoutForeigner,
          reason: form.reason.trim(),
        }),
      });
      setStep('closed');
      if (status === 202) {
        notify('console.approvals.requested', { type: 'info' });
        announceApprovalsChanged();
        redirect('show', 'approvals', (json as AdminApproval).id);
      } else notify('console.payoutAccount.unchanged', { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const field = (key: 'bankAccountHolder' | 'bankAccountNumber' | 'reason', extra: object = {}) => (
    <TextField
      fullWidth
      margin="dense"
      required
      label={t(key)}
      value={form[key]}
      error={errors[key] !== undefined}
      helperText={errors[key] && translate(errors[key])}
      onChange={(event) => set(key, event.target.value)}
      {...extra}
    />
  );
  const asked: PayoutAccountState = {
    bankName: form.bankName,
    bankAccountHolder: form.bankAccountHolder.trim(),
    bankAccountNumber: form.bankAccountNumber.trim(),
    payoutOverseas: form.payoutOverseas,
    payoutForeigner: form.payoutForeigner,
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={open}>
        {t('change')}
      </Button>
      <Dialog
        open={step !== 'closed'}
        onClose={() => setStep('closed')}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>{step === 'confirm' ? t('confirmTitle') : t('change')}</DialogTitle>
        <DialogContent>
          {step === 'form' ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('now')}: <AccountLine account={current} />
              </Typography>
              <TextField
                select
                fullWidth
                margin="dense"
                required
                label={t('bankName')}
                value={form.bankName}
                error={errors.bankName !== undefined}
                helperText={errors.bankName && translate(errors.bankName)}
                onChange={(event) => set('bankName', event.target.value)}
              >
                {BANK_NAMES.map((bank) => (
                  <MenuItem key={bank} value={bank}>
                    {bank}
                  </MenuItem>
                ))}
              </TextField>
              {field('bankAccountHolder', { slotProps: { htmlInput: { maxLength: 100 } } })}
              {field('bankAccountNumber', { slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 30 } } })}
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.payoutOverseas}
                    onChange={(event) => set('payoutOverseas', event.target.checked)}
                  />
                }
                label={t('payoutOverseas')}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.payoutForeigner}
                    onChange={(event) => set('payoutForeigner', event.target.checked)}
                  />
                }
                label={t('payoutForeigner')}
              />
              {field('reason', { multiline: true, slotProps: { htmlInput: { maxLength: 200 } } })}
            </>
          ) : (
            <Box>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}
              >
                {[
                  [translate('console.confirm.who'), creator.name ?? `#${creator.id}`],
                  [t('now'), <AccountLine key="now" account={current} />],
                  [t('asked'), <AccountLine key="asked" account={asked} />],
                  [t('reason'), form.reason.trim()],
                ].map(([label, value], index) => (
                  <Box key={index} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                {t('next', { hours: PAYOUT_ACCOUNT_HOLD_HOURS })}
              </Typography>
              <Alert severity="info" sx={{ mt: 1.5 }}>
                {translate('console.confirm.approvalAlways')}
              </Alert>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          {step === 'confirm' ? (
            <>
              <Button onClick={() => setStep('form')}>{translate('ra.action.back')}</Button>
              <Button variant="contained" disabled={pending} onClick={() => void send()}>
                {translate('ra.action.confirm')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => setStep('closed')}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" onClick={next}>
                {t('review')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
