import { BANKS, type BankName, type MyCreator } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api, ApiError } from '../../shared/api/client';
import { digitsOnly } from '../../shared/forms/validate';
import { useSession } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import { myCreatorQueryKey, useMyCreator } from './my-creator';

/** Navigation state of /bank-account-change and /password-change: the account's e-mail. */
export interface EmailState {
  email: string;
}

export interface BankValues {
  bankAccountHolder: string;
  bankName: string;
  bankAccountNumber: string;
  payoutOverseas?: boolean;
  payoutForeigner?: boolean;
}

/** Holder, bank (one of the 49) and a numeric account number are all required; save is disabled otherwise. */
export function bankComplete(values: BankValues): boolean {
  return (
    values.bankAccountHolder.trim() !== '' &&
    (BANKS as readonly { ko: string }[]).some((bank) => bank.ko === values.bankName) &&
    /^\d+$/.test(values.bankAccountNumber)
  );
}

/** `/bank-account-change`: reached from the profile editor with the e-mail in navigation state. */
export function BankAccountPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const email = (location.state as Partial<EmailState> | null)?.email;
  const warned = useRef(false);
  useEffect(() => {
    if (email || warned.current) return;
    warned.current = true;
    void showAlert(t('common.abnormalAccess'));
    void navigate('/', { replace: true });
  }, [email, navigate, t]);
  if (!email) return null;
  return <BankAccountForm />;
}

function BankAccountForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const creator = useMyCreator();
  const [values, setValues] = useState<BankValues | null>(null);
  const [busy, setBusy] = useState(false);
  const current: BankValues =
    values ??
    (creator.data
      ? {
          bankAccountHolder: creator.data.bankAccountHolder ?? '',
          bankName: creator.data.bankName ?? '',
          bankAccountNumber: creator.data.bankAccountNumber ?? '',
          payoutOverseas: creator.data.payoutOverseas,
          payoutForeigner: creator.data.payoutForeigner,
        }
      : { bankAccountHolder: '', bankName: '', bankAccountNumber: '' });
  const set = (patch: Partial<BankValues>) => setValues({ ...current, ...patch });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!bankComplete(current) || session.creatorId === null) return;
    setBusy(true);
    try {
      await api<MyCreator>(`/creators/${session.creatorId}`, {
        method: 'PUT',
        body: {
          bankAccountHolder: current.bankAccountHolder.trim(),
          bankName: current.bankName as BankName,
          bankAccountNumber: current.bankAccountNumber,
          payoutOverseas: current.payoutOverseas ?? false,
          payoutForeigner: (current.payoutOverseas ?? false) && (current.payoutForeigner ?? false),
        },
      });
      await queryClient.invalidateQueries({ queryKey: myCreatorQueryKey });
      await showAlert(t('creatorStudio.bank.saved'));
      void navigate('/edit-creator-profile');
    } catch (error) {
      setBusy(false);
      const message = error instanceof ApiError ? error.message : String(error);
      void showAlert(t('creatorStudio.bank.failed', { error: message }));
    }
  };

  const english = i18n.language !== 'ko';
  return (
    <Page title={t('creatorStudio.bank.title')} width="sm">
      <Card>
        <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label={t('creatorStudio.bank.title')}>
          <TextField
            label={t('creatorStudio.bank.holder')}
            required
            value={current.bankAccountHolder}
            onChange={(event) => set({ bankAccountHolder: event.target.value })}
          />
          <TextField
            select
            label={t('creatorStudio.bank.bank')}
            required
            value={current.bankName}
            onChange={(event) => set({ bankName: event.target.value })}
          >
            {BANKS.map((bank) => (
              <MenuItem key={bank.code} value={bank.ko}>
                {english ? `${bank.en} (${bank.ko})` : bank.ko}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('creatorStudio.bank.account')}
            required
            value={current.bankAccountNumber}
            onChange={(event) => set({ bankAccountNumber: digitsOnly(event.target.value) })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={current.payoutOverseas ?? false}
                onChange={(event) => set({ payoutOverseas: event.target.checked })}
              />
            }
            label={t('creatorStudio.bank.overseas')}
          />
          {current.payoutOverseas && (
            <>
              <FormHelperText sx={{ mt: 0 }}>{t('creatorStudio.bank.overseasHelp')}</FormHelperText>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={current.payoutForeigner ?? false}
                    onChange={(event) => set({ payoutForeigner: event.target.checked })}
                  />
                }
                label={t('creatorStudio.bank.foreigner')}
              />
              <FormHelperText sx={{ mt: 0 }}>{t('creatorStudio.bank.foreignerHelp')}</FormHelperText>
            </>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy || !bankComplete(current)}>
            {t('creatorStudio.bank.save')}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}
