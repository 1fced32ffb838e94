import { type CoinRefund, formatDay, type PartialRefundDestination, type PayMethod } from '@fanmission/contracts';
import type { TFunction } from 'i18next';
import { withRo } from '../../shared/format/korean';
import { bankLabel } from './components/bank-account-fields';

/*
 * Where the fan's refund goes, as finance reads it too (the request's one `destination`, services/src/coin-history/
 * refund-parts.ts): an account (its bank, its number with the middle hidden, its holder) or his payment method.
 */

/** An account number with its middle hidden, as a receipt writes it: "110-***-789". */
export function maskedAccountNumber(number: string): string {
  if (number.length < 7) return `***${number.slice(-3)}`;
  return `${number.slice(0, 3)}-***-${number.slice(-3)}`;
}

/** The account in one line: "신한은행 110-***-789 김리뷰"; null when the money goes back to a payment method. */
export function destinationAccount(destination: CoinRefund['destination'], language: string): string | null {
  if (destination.kind !== 'BANK_ACCOUNT' || !destination.account) return null;
  const { bankName, bankAccountNumber, bankAccountHolder } = destination.account;
  return `${bankLabel(bankName, language)} ${maskedAccountNumber(bankAccountNumber)} ${bankAccountHolder}`;
}

/** Where the money goes, without the date: the account, or back to the payment method. */
export function destinationText(destination: CoinRefund['destination'], t: TFunction, language: string): string {
  const account = destinationAccount(destination, language);
  if (account) return account;
  if (destination.kind === 'ORIGINAL_METHOD' && destination.methods.includes('withoutbankbook')) {
    return t('coinRefunds.toDepositingAccount');
  }
  return t('coinRefunds.toPayment');
}

/** The sentence the fan reads: "신한은행 110-***-789 김리뷰로 2026.12.02까지 입금됩니다" or "… 결제 수단으로 환불됩니다". */
export function destinationLine(
  refund: Pick<CoinRefund, 'destination' | 'dueOn'>,
  t: TFunction,
  language: string,
): string {
  const dueOn = formatDay(refund.dueOn);
  const account = destinationAccount(refund.destination, language);
  if (account) return t('coinRefunds.toAccountBy', { account, accountTo: withRo(account), dueOn });
  if (refund.destination.kind === 'ORIGINAL_METHOD' && refund.destination.methods.includes('withoutbankbook')) {
    return t('coinRefunds.toDepositingAccountBy', { dueOn });
  }
  return t('coinRefunds.toPaymentBy', { dueOn });
}

/** Pay methods as one list in the reader's language: "신용카드, 카카오페이". */
export function payMethodsText(methods: readonly PayMethod[], t: TFunction, language: string): string {
  return new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(
    methods.map((method) => t(`coinCharge.${method}`)),
  );
}

/**
 * Where a partial refund asked now would go, said before the fan acts: back to the payment methods he charged with,
 * or (a charge no provider can take back among them) wholly to the account he is asked for.
 */
export function partialRefundDestinationText(
  destination: PartialRefundDestination,
  t: TFunction,
  language: string,
): string {
  if (destination.kind === 'BANK_ACCOUNT') return t('coinRefunds.partialToAccount');
  return t('coinRefunds.partialToPayment', { methods: payMethodsText(destination.methods, t, language) });
}
