import type { PaymentProviderName } from '@fanmission/contracts';
import type { PaymentRow } from '../table';

/**
 * Where a payment stands at its provider: `approved` means the payer approved but the money is not taken yet (a
 * PayPal order before capture); `ready` means nothing happened (or the provider does not know the payment).
 */
export type ProviderPaymentStatus = 'ready' | 'approved' | 'pending' | 'paid' | 'failed' | 'cancelled';

/** What the provider says about a payment; the caller compares it with the order before crediting anything. */
export interface ProviderVerification {
  status: ProviderPaymentStatus;
  /** In the currency's minor unit (won, cents), as the provider charged it; null when it reports none. */
  amount: number | null;
  currency: string | null;
  /** The provider's own id of the payment (PortOne transaction id, PayPal order id). */
  providerPaymentId: string | null;
  /** Our payment id as the provider recorded it (PortOne paymentId, PayPal custom_id), to catch a swapped payment. */
  merchantReference: string | null;
  /** The provider's own words when the payment failed. */
  failureReason?: string;
  /**
   * How the payer actually paid, as the provider reports it (PortOne's `method`); the order's rules that depend on the
   * method (a phone charge's month) follow it, not the method the client chose. Absent when the provider does not say.
   */
  payMethod?: 'card' | 'kakaopay' | 'phone';
  /** The provider's printable receipt (매출전표) of a paid payment (PortOne's `receiptUrl`), when it gives one. */
  receiptUrl?: string;
}

/** A refund (or chargeback) the provider recorded against a paid payment. */
export interface ProviderRefund {
  /** The provider's id of it: PortOne cancellation id, PayPal refund id, `reversal:<capture id>` for a chargeback. */
  id: string;
  kind: 'REFUND' | 'CHARGEBACK';
  /** In the payment's currency's minor unit (won, cents). */
  amount: number;
  currency: string;
}

/** The headers and exact body of a provider webhook, for the provider to verify (PayPal asks its own API). */
export interface ProviderWebhook {
  headers: Record<string, string | undefined>;
  body: string;
}

export interface CheckoutPreparation {
  /** Where the browser goes to pay, when the provider has such a page. */
  checkoutUrl: string | null;
  /** The provider's id of the order, when it assigns one before payment (PayPal). */
  providerPaymentId: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Called once the order exists (and again, idempotently, for a replayed request). */
  prepare(payment: PaymentRow, order: { name: string }): Promise<CheckoutPreparation>;
  /** Reads the payment's state at the provider. Never trusts anything the client said. */
  verify(payment: PaymentRow): Promise<ProviderVerification>;
  /** Takes the money of an approved payment (PayPal capture); absent where approval already is payment. */
  capture?(payment: PaymentRow): Promise<ProviderVerification>;
  /**
   * Refunds a paid payment, wholly or `amount` (minor unit, the payment's currency) of it; `requestId` makes a retry
   * the same refund where the provider supports it. Answers the refund the provider recorded.
   */
  cancel(payment: PaymentRow, input: { reason: string; amount?: number; requestId?: string }): Promise<ProviderRefund>;
  /** The completed refunds and chargebacks the provider holds for the payment (what the sweeper reconciles). */
  refunds(payment: PaymentRow): Promise<ProviderRefund[]>;
  /** Whether a webhook really comes from the provider (PayPal's verify-webhook-signature); absent when not offered. */
  verifyWebhook?(webhook: ProviderWebhook): Promise<boolean>;
}

/** The provider could not be reached or answered something we cannot read; nothing is decided on it. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: PaymentProviderName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** "8.00" → 800: decimal text to minor units without floating point. */
export function decimalToMinorUnits(value: string, fractionDigits = 2): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(fractionDigits, '0');
  if (fraction.length > fractionDigits && /[1-9]/.test(fraction.slice(fractionDigits))) return null;
  return Number(match[1]) * 10 ** fractionDigits + Number(fraction.slice(0, fractionDigits) || '0');
}

/** 800 → "8.00". */
export function minorUnitsToDecimal(amount: number, fractionDigits = 2): string {
  const scale = 10 ** fractionDigits;
  return `${Math.floor(amount / scale)}.${String(amount % scale).padStart(fractionDigits, '0')}`;
}
