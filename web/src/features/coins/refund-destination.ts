import { type CoinRefund, formatNumber, type PartialRefundDestination, type PayMethod } from '@fanmission/contracts';
import type { TFunction } from 'i18next';
import { formatDotDay } from '../../shared/format/date';
import { withRo } from '../../shared/format/korean';
import { bankLabel } from './components/bank-account-fields';

/*
 * Where the fan's refund goes, as finance reads it too (the request's `destination`, services/src/money-out/rules.ts):
 * an account in his own name (its bank, its number with the middle hidden, its holder), his payment method, or both
 * (a split request: the card back to the card, bank deposits to the account).
 */

/** An account number with its middle hidden, as a receipt writes it: "110-***-789". */
export function maskedAccountNumber(number: string): string {
  if (number.length < 7) return `***${number.slice(-3)}`;
  return `${number.slice(0, 3)}-***-${number.slice(-3)}`;
}

/** The account in one line: "신한은행 110-***-789 김리뷰"; null when the money goes back to a payment method. */
export function destinationAccount(destination: CoinRefund['destination'], language: string): string | null {
  if (destination.kind === 'ORIGINAL_METHOD' || !destination.account) return null;
  const { bankName, bankAccountNumber, bankAccountHolder } = destination.account;
  return `${bankLabel(bankName, language)} ${maskedAccountNumber(bankAccountNumber)} ${bankAccountHolder}`;
}

/**
 * Where the money goes, without the date: the account, or back to the payment methods by name ("신용카드로 환불"), or
 * both.
 */
export function destinationText(destination: CoinRefund['destination'], t: TFunction, language: string): string {
  const account = destinationAccount(destination, language);
  const methods = destination.kind === 'BANK_ACCOUNT' ? [] : destination.methods;
  if (account && destination.kind === 'SPLIT') {
    return methods.length > 0
      ? t('coinRefunds.splitMethods', { methods: payMethodsText(methods, t, language), account })
      : t('coinRefunds.splitText', { account });
  }
  if (account) return account;
  if (destination.kind === 'ORIGINAL_METHOD' && methods.includes('withoutbankbook')) {
    return t('coinRefunds.toDepositingAccount');
  }
  if (methods.length > 0) return t('coinRefunds.toMethods', { methods: payMethodsText(methods, t, language) });
  return t('coinRefunds.toPayment');
}

/** The sentence the fan reads: "신한은행 110-***-789 김리뷰로 2026.12.02까지 입금됩니다" or "… 결제 수단으로 환불됩니다". */
export function destinationLine(
  refund: Pick<CoinRefund, 'destination' | 'dueOn' | 'parts'>,
  t: TFunction,
  language: string,
): string {
  const dueOn = formatDotDay(refund.dueOn, language);
  const account = destinationAccount(refund.destination, language);
  if (account && refund.destination.kind === 'SPLIT') {
    const won = refund.parts.filter((part) => part.via === 'BANK_TRANSFER').reduce((sum, part) => sum + part.amount, 0);
    return t('coinRefunds.splitBy', { account, accountTo: withRo(account), dueOn, amount: formatNumber(won) });
  }
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
 * to an account in his own name he is asked for (charges no provider can take back), or both.
 */
export function partialRefundDestinationText(
  destination: PartialRefundDestination,
  t: TFunction,
  language: string,
): string {
  if (destination.kind === 'BANK_ACCOUNT') return t('coinRefunds.partialToAccount');
  if (destination.kind === 'SPLIT') {
    return t('coinRefunds.partialSplit', {
      methods: payMethodsText(destination.methods, t, language),
      amount: formatNumber(destination.toAccountAmount),
    });
  }
  return t('coinRefunds.partialToPayment', { methods: payMethodsText(destination.methods, t, language) });
}
