import { BANKS, type BankName, type MyCreator } from '@fanmission/contracts';
import { api, ApiError } from '../../shared/api/client';

/** The bank account form: the account, where the payout goes, and the proof it is the creator himself. */
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

/** The fields the server may refuse, each shown under its input. */
export const BANK_FORM_FIELDS = ['bankAccountHolder', 'bankName', 'bankAccountNumber', 'currentPassword'] as const;
export type BankFormField = (typeof BANK_FORM_FIELDS)[number];

/** What the server refused: a message per field, and one for the form (re-authentication, too many tries). */
export interface BankProblems {
  fields: Partial<Record<BankFormField, string>>;
  form: string | null;
}

export const NO_BANK_PROBLEMS: BankProblems = { fields: {}, form: null };

/** The server's answer to a refused save, in the words it sent (the caller's language). */
export function bankProblemsOf(error: unknown, fallback: string): BankProblems {
  if (!(error instanceof ApiError) || !error.body) return { fields: {}, form: fallback };
  const fields: BankProblems['fields'] = {};
  const others: string[] = [];
  for (const sub of error.body.subErrors ?? []) {
    if ((BANK_FORM_FIELDS as readonly string[]).includes(sub.field)) fields[sub.field as BankFormField] = sub.message;
    else others.push(sub.message);
  }
  const unplaced = Object.keys(fields).length === 0 || others.length > 0;
  return { fields, form: unplaced ? [error.body.message, ...others].join(' ') : null };
}

/**
 * `PUT /creators/{id}` with the bank account group: the server checks the current password (an account without one
 * must have signed in within the last 5 minutes), records the change and mails the creator.
 */
export async function saveBankAccount(
  creatorId: number,
  values: BankValues,
  currentPassword: string | null,
): Promise<MyCreator> {
  const overseas = values.payoutOverseas ?? false;
  return (
    await api<MyCreator>(`/creators/${creatorId}`, {
      method: 'PUT',
      body: {
        bankAccountHolder: values.bankAccountHolder.trim(),
        bankName: values.bankName as BankName,
        bankAccountNumber: values.bankAccountNumber,
        payoutOverseas: overseas,
        payoutForeigner: overseas && (values.payoutForeigner ?? false),
        ...(currentPassword !== null && { currentPassword }),
      },
    })
  ).data;
}
