import { z } from 'zod';
import { callProvider, expectSuccess } from './http';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderVerification,
} from './provider';

export interface PortOneOptions {
  /** https://api.portone.io, or a local server in tests. */
  baseUrl: string;
  apiSecret: string;
  storeId?: string;
  timeoutMs: number;
}

/** PortOne V2's `PaymentCancellation` (what `POST /payments/{id}/cancel` answers, and a payment lists). */
const cancellationSchema = z.looseObject({ status: z.string(), id: z.string(), totalAmount: z.number() });

/** The fields of PortOne V2's `Payment` (a union on `status`) that verification reads. */
const portOnePaymentSchema = z.looseObject({
  status: z.string(),
  id: z.string(),
  transactionId: z.string().optional(),
  amount: z.looseObject({ total: z.number() }).optional(),
  currency: z.string().optional(),
  failure: z.looseObject({ reason: z.string().optional(), pgMessage: z.string().optional() }).optional(),
  /** A (partly) cancelled payment's cancellations; only SUCCEEDED ones returned money. */
  cancellations: z.array(cancellationSchema).optional(),
  /** How it was paid: `PaymentMethodCard`, `PaymentMethodMobile`, `PaymentMethodEasyPay` (with its provider), … */
  method: z.looseObject({ type: z.string(), provider: z.string().optional() }).optional(),
  /** The card slip (매출전표) page of a paid payment. */
  receiptUrl: z.string().optional(),
});
type PortOnePayment = z.infer<typeof portOnePaymentSchema>;

const STATUS: Record<string, ProviderVerification['status']> = {
  READY: 'ready',
  PAY_PENDING: 'pending',
  VIRTUAL_ACCOUNT_ISSUED: 'pending',
  PAID: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  PARTIAL_CANCELLED: 'cancelled',
};

/** Our pay method for PortOne's `method`, when it is one of ours. */
function payMethodOf(method: PortOnePayment['method']): ProviderVerification['payMethod'] {
  if (method?.type === 'PaymentMethodMobile') return 'phone';
  if (method?.type === 'PaymentMethodCard') return 'card';
  if (method?.type === 'PaymentMethodEasyPay' && method.provider === 'KAKAOPAY') return 'kakaopay';
  return undefined;
}

function fromPortOne(payment: PortOnePayment): ProviderVerification {
  const status = STATUS[payment.status];
  if (!status) throw new ProviderUnavailableError('portone', `unknown payment status ${payment.status}`);
  const failureReason = payment.failure?.pgMessage ?? payment.failure?.reason;
  const payMethod = payMethodOf(payment.method);
  return {
    status,
    amount: payment.amount?.total ?? null,
    currency: payment.currency ?? null,
    providerPaymentId: payment.transactionId ?? null,
    merchantReference: payment.id,
    ...(failureReason !== undefined && { failureReason }),
    ...(payMethod !== undefined && { payMethod }),
    ...(payment.receiptUrl !== undefined && { receiptUrl: payment.receiptUrl }),
  };
}

/**
 * PortOne V2 REST (card and pay services in KRW). The browser SDK pays with our payment id as PortOne's
 * `paymentId`; the server reads it back with `GET /payments/{paymentId}` under `Authorization: PortOne <secret>`.
 */
export function portOneProvider(options: PortOneOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `PortOne ${options.apiSecret}`, accept: 'application/json' };
  const paymentUrl = (paymentId: string) => `${base}/payments/${encodeURIComponent(paymentId)}`;

  async function getPayment(paymentId: string): Promise<PortOnePayment | null> {
    const url = new URL(paymentUrl(paymentId));
    if (options.storeId) url.searchParams.set('storeId', options.storeId);
    const response = await callProvider('portone', url.toString(), {
      method: 'GET',
      headers,
      timeoutMs: options.timeoutMs,
    });
    // PAYMENT_NOT_FOUND: the checkout never reached PortOne, so nothing was paid.
    if (response.status === 404) return null;
    const parsed = portOnePaymentSchema.safeParse(expectSuccess('portone', 'GET /payments', response));
    if (!parsed.success) throw new ProviderUnavailableError('portone', 'unreadable payment', { cause: parsed.error });
    return parsed.data;
  }

  return {
    name: 'portone',

    // The browser SDK creates the payment under our id; nothing to register beforehand.
    async prepare() {
      return { checkoutUrl: null, providerPaymentId: null };
    },

    async verify(payment) {
      const found = await getPayment(payment.id);
      if (!found) {
        return { status: 'ready', amount: null, currency: null, providerPaymentId: null, merchantReference: null };
      }
      return fromPortOne(found);
    },

    async refunds(payment) {
      const found = await getPayment(payment.id);
      return (found?.cancellations ?? [])
        .filter((cancellation) => cancellation.status === 'SUCCEEDED')
        .map((cancellation) => refundOf(cancellation, found?.currency ?? payment.currency));
    },

    async cancel(payment, input) {
      const response = await callProvider('portone', `${paymentUrl(payment.id)}/cancel`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          reason: input.reason,
          ...(input.amount !== undefined && { amount: input.amount }),
          ...(options.storeId && { storeId: options.storeId }),
        }),
        timeoutMs: options.timeoutMs,
      });
      const parsed = z
        .looseObject({ cancellation: cancellationSchema })
        .safeParse(expectSuccess('portone', 'POST /payments/{paymentId}/cancel', response));
      if (!parsed.success) {
        throw new ProviderUnavailableError('portone', 'unreadable cancellation', { cause: parsed.error });
      }
      return refundOf(parsed.data.cancellation, payment.currency);
    },
  };
}

const refundOf = (cancellation: z.infer<typeof cancellationSchema>, currency: string): ProviderRefund => ({
  id: cancellation.id,
  kind: 'REFUND',
  amount: cancellation.totalAmount,
  currency,
});
