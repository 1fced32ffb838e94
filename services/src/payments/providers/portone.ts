import { z } from 'zod';
import { callProvider, expectSuccess } from './http';
import { ProviderUnavailableError, type PaymentProvider, type ProviderVerification } from './provider';

export interface PortOneOptions {
  /** https://api.portone.io, or a local server in tests. */
  baseUrl: string;
  apiSecret: string;
  storeId?: string;
  timeoutMs: number;
}

/** The fields of PortOne V2's `Payment` (a union on `status`) that verification reads. */
const portOnePaymentSchema = z.looseObject({
  status: z.string(),
  id: z.string(),
  transactionId: z.string().optional(),
  amount: z.looseObject({ total: z.number() }).optional(),
  currency: z.string().optional(),
  failure: z.looseObject({ reason: z.string().optional(), pgMessage: z.string().optional() }).optional(),
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

function fromPortOne(payment: PortOnePayment): ProviderVerification {
  const status = STATUS[payment.status];
  if (!status) throw new ProviderUnavailableError('portone', `unknown payment status ${payment.status}`);
  const failureReason = payment.failure?.pgMessage ?? payment.failure?.reason;
  return {
    status,
    amount: payment.amount?.total ?? null,
    currency: payment.currency ?? null,
    providerPaymentId: payment.transactionId ?? null,
    merchantReference: payment.id,
    ...(failureReason !== undefined && { failureReason }),
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

  return {
    name: 'portone',

    // The browser SDK creates the payment under our id; nothing to register beforehand.
    async prepare() {
      return { checkoutUrl: null, providerPaymentId: null };
    },

    async verify(payment) {
      const url = new URL(paymentUrl(payment.id));
      if (options.storeId) url.searchParams.set('storeId', options.storeId);
      const response = await callProvider('portone', url.toString(), {
        method: 'GET',
        headers,
        timeoutMs: options.timeoutMs,
      });
      // PAYMENT_NOT_FOUND: the checkout never reached PortOne, so nothing was paid.
      if (response.status === 404) {
        return { status: 'ready', amount: null, currency: null, providerPaymentId: null, merchantReference: null };
      }
      const parsed = portOnePaymentSchema.safeParse(expectSuccess('portone', 'GET /payments', response));
      if (!parsed.success) throw new ProviderUnavailableError('portone', 'unreadable payment', { cause: parsed.error });
      return fromPortOne(parsed.data);
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
      expectSuccess('portone', 'POST /payments/{paymentId}/cancel', response);
    },
  };
}
