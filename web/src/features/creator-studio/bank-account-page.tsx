import { BANKS, PAYOUT_ACCOUNT_HOLD_HOURS, PAYOUT_ACCOUNT_RECENT_LOGIN_MINUTES } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { useAccountEmail, useCurrentUser } from '../../shared/api/current-user';
import { digitsOnly } from '../../shared/forms/validate';
import { useSession } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import {
  bankComplete,
  bankProblemsOf,
  NO_BANK_PROBLEMS,
  saveBankAccount,
  type BankProblems,
  type BankValues,
} from './bank-account';
import { myCreatorQueryKey, useMyCreator } from './my-creator';
import { BusinessRegistrationNote } from './business-registration-note';
import { checkMessage, PayoutAccountCheck } from './payout-account-check';

/** Navigation state of /bank-account-change and /password-change: the account's e-mail. */
export interface EmailState {
  email: string;
}

/**
 * `/bank-account-change`: from the profile editor (the e-mail in navigation state), a bookmark or a reload (the
 * signed-in creator's); 'abnormal access' only for an account without an e-mail.
 */
export function BankAccountPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { email, loading } = useAccountEmail(location.state);
  const warned = useRef(false);
  useEffect(() => {
    if (email || loading || warned.current) return;
    warned.current = true;
    void showAlert(t('common.abnormalAccess'));
    void navigate('/', { replace: true });
  }, [email, loading, navigate, t]);
  if (!email) return null;
  return <BankAccountForm />;
}

function BankAccountForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const creator = useMyCreator();
  const user = useCurrentUser();
  const [values, setValues] = useState<BankValues | null>(null);
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<BankProblems>(NO_BANK_PROBLEMS);
  const [busy, setBusy] = useState(false);
  // An account signed in only through Google, Facebook or Apple has no password: a recent sign-in stands for it.
  const needsPassword = user.data?.provider === 'local';
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
  const ready = bankComplete(current) && user.isSuccess && (!needsPassword || password !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || session.creatorId === null) return;
    setBusy(true);
    setProblems(NO_BANK_PROBLEMS);
    try {
      const saved = await saveBankAccount(session.creatorId, current, needsPassword ? password : null);
      await queryClient.invalidateQueries({ queryKey: myCreatorQueryKey });
      const check = saved.payoutAccountVerification;
      // The new account's holder was looked up while saving: the creator learns at once whether it will be paid.
      await showAlert(
        check
          ? `${t('creatorStudio.bank.saved')} ${t(`creatorStudio.bank.check.${checkMessage(check).key}`, { holder: check.bankHolder ?? '' })}`
          : t('creatorStudio.bank.saved'),
      );
      void navigate('/edit-creator-profile');
    } catch (error) {
      setBusy(false);
      setProblems(bankProblemsOf(error, t('creatorStudio.bank.failed', { error: String(error) })));
      // Every failure is also alerted as 'failed: {error}' in the server's words; its fields stay marked below.
      const detail =
        error instanceof ApiError && error.body
          ? [error.body.message, ...(error.body.subErrors ?? []).map((sub) => sub.message)].join(' ')
          : String(error);
      void showAlert(t('creatorStudio.bank.failed', { error: detail }));
    }
  };

  const fieldProps = (field: keyof BankProblems['fields']) => ({
    error: problems.fields[field] !== undefined,
    ...(problems.fields[field] !== undefined && { helperText: problems.fields[field] }),
  });
  const english = i18n.language !== 'ko';
  return (
    <Page title={t('creatorStudio.bank.title')} width="sm">
      <Card>
        <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label={t('creatorStudio.bank.title')}>
          <PayoutAccountCheck check={creator.data?.payoutAccountVerification ?? null} />
          <BusinessRegistrationNote
            declared={creator.data?.businessType ?? null}
            verification={creator.data?.businessVerification ?? null}
          />
          <Typography variant="body2" color="text.secondary">
            {t('creatorStudio.bank.notice', { hours: PAYOUT_ACCOUNT_HOLD_HOURS })}
          </Typography>
          <TextField
            label={t('creatorStudio.bank.holder')}
            required
            value={current.bankAccountHolder}
            onChange={(event) => set({ bankAccountHolder: event.target.value })}
            {...fieldProps('bankAccountHolder')}
          />
          <TextField
            select
            label={t('creatorStudio.bank.bank')}
            required
            value={current.bankName}
            onChange={(event) => set({ bankName: event.target.value })}
            {...fieldProps('bankName')}
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
            {...fieldProps('bankAccountNumber')}
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
          {needsPassword ? (
            <TextField
              type="password"
              label={t('creatorStudio.bank.currentPassword')}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              error={problems.fields.currentPassword !== undefined}
              helperText={problems.fields.currentPassword ?? t('creatorStudio.bank.currentPasswordHelp')}
            />
          ) : (
            <FormHelperText sx={{ mt: 0 }}>
              {t('creatorStudio.bank.recentSignInHelp', { minutes: PAYOUT_ACCOUNT_RECENT_LOGIN_MINUTES })}
            </FormHelperText>
          )}
          {problems.form && (
            <Alert severity="error" role="alert">
              {problems.form}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy || !ready}>
            {t('creatorStudio.bank.save')}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}
