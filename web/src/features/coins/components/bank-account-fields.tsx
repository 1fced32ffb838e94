import { BANK_ACCOUNT_NUMBER_PATTERN, BANKS, type RefundBankAccount } from '@fanmission/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedNumber } from '../../../shared/forms/validate';

export interface BankAccountDraft {
  bankName: string;
  bankAccountHolder: string;
  bankAccountNumber: string;
}

export const emptyBankAccount: BankAccountDraft = { bankName: '', bankAccountHolder: '', bankAccountNumber: '' };

type BankAccountErrorKey = 'coinRefunds.bankRequired' | 'coinRefunds.holderRequired' | 'coinRefunds.numberInvalid';

/** The fields' error keys (in `coinRefunds`), or the valid account. */
export function checkBankAccount(
  draft: BankAccountDraft,
):
  | { account: RefundBankAccount; errors: null }
  | { account: null; errors: Partial<Record<keyof BankAccountDraft, string>> } {
  const errors: Partial<Record<keyof BankAccountDraft, string>> = {};
  if (!BANKS.some((bank) => bank.ko === draft.bankName)) errors.bankName = 'coinRefunds.bankRequired';
  if (draft.bankAccountHolder.trim() === '') errors.bankAccountHolder = 'coinRefunds.holderRequired';
  const number = typedNumber(draft.bankAccountNumber);
  if (number === null || !BANK_ACCOUNT_NUMBER_PATTERN.test(number)) {
    errors.bankAccountNumber = 'coinRefunds.numberInvalid';
  }
  if (Object.keys(errors).length > 0) return { account: null, errors };
  return {
    account: {
      bankName: draft.bankName as RefundBankAccount['bankName'],
      bankAccountHolder: draft.bankAccountHolder.trim(),
      bankAccountNumber: number!,
    },
    errors: null,
  };
}

/**
 * The state of a BankAccountFields form (spread `fields` on it). `checkedAccount()` checks the draft before a send:
 * it shows the fields' errors and answers null when one is missing or wrong, else clears them and answers the account.
 * Editing a field removes its message until the next send, as the app's forms do.
 */
export function useBankAccountForm(initial: BankAccountDraft = emptyBankAccount) {
  const [value, setValue] = useState<BankAccountDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof BankAccountDraft, string>>>({});
  const onChange = (next: BankAccountDraft) => {
    setErrors((shown) =>
      Object.fromEntries(
        Object.entries(shown).filter(
          ([field]) => next[field as keyof BankAccountDraft] === value[field as keyof BankAccountDraft],
        ),
      ),
    );
    setValue(next);
  };
  const checkedAccount = (): RefundBankAccount | null => {
    const checked = checkBankAccount(value);
    setErrors(checked.errors ?? {});
    return checked.account;
  };
  return { fields: { value, onChange, errors }, checkedAccount };
}

/** A bank's name in the reader's language (Korean names for ko, English otherwise). */
export function bankLabel(koName: string, language: string): string {
  const bank = BANKS.find((candidate) => candidate.ko === koName);
  if (!bank) return koName;
  return language.startsWith('ko') ? bank.ko : bank.en;
}

/** Bank (from the list), holder and number of the account a refund is paid to. */
export function BankAccountFields({
  value,
  onChange,
  errors,
}: {
  value: BankAccountDraft;
  onChange: (next: BankAccountDraft) => void;
  errors: Partial<Record<keyof BankAccountDraft, string>>;
}) {
  const { t, i18n } = useTranslation();
  // A field's value, its change, and the error key checkBankAccount gave it.
  const field = (name: keyof BankAccountDraft) => ({
    value: value[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [name]: event.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name] as BankAccountErrorKey) : undefined,
  });
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('coinRefunds.bankName')}
        {...field('bankName')}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
      >
        {BANKS.map((bank) => (
          <MenuItem key={bank.code} value={bank.ko}>
            {bankLabel(bank.ko, i18n.language)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('coinRefunds.bankAccountHolder')}
        {...field('bankAccountHolder')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label={t('coinRefunds.bankAccountNumber')}
        {...field('bankAccountNumber')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 30 } }}
      />
    </Stack>
  );
}
