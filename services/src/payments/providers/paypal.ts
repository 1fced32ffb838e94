import type { Language } from '@fanmission/contracts';
import { z } from 'zod';
import type { PaymentRow } from '../table';
import { callProvider, expectSuccess, type ProviderResponse } from './http';
import {
  ProviderUnavailableError,
  minorUnitsToDecimal,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderVerification,
} from './provider';
import { money, orderSchema, type Order, tokenSchema, LOCALES, amountOf, fromOrder, withQuery } from './paypal-orders';
export interface PayPalOptions {
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or a local server in tests. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where the browser returns when the order has no mRedirectUrl. */
  defaultReturnUrl: string;
  timeoutMs: number;
  /** The id PayPal gave our webhook (PAYPAL_WEBHOOK_ID); webhooks are refused without it. */
  webhookId?: string;
  now?: () => Date;
}

/**
 * PayPal Orders v2 (USD). The server creates the order (its approval link is the checkout), reads it back with an
 * OAuth2 client-credentials token, and captures it once the payer approved; `PayPal-Request-Id` makes every
 * creation, capture and refund safe to repeat.
 */
export function payPalProvider(options: PayPalOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await callProvider('paypal', `${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      timeoutMs: options.timeoutMs,
    });
    const parsed = tokenSchema.safeParse(expectSuccess('paypal', 'POST /v1/oauth2/token', response));
    if (!parsed.success) throw new ProviderUnavailableError('paypal', 'unreadable token', { cause: parsed.error });
    // Renew a minute early so a token never expires between reading and using it.
    token = { value: parsed.data.access_token, expiresAt: now().getTime() + (parsed.data.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string) {
    const response = await callProvider('paypal', `${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(requestId && { 'paypal-request-id': requestId }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      timeoutMs: options.timeoutMs,
    });
    if (response.status === 401) token = null;
    return response;
  }

  function readOrder(what: string, response: ProviderResponse): Order {
    const parsed = orderSchema.safeParse(expectSuccess('paypal', what, response));
    if (!parsed.success)
      throw new ProviderUnavailableError('paypal', `unreadable order (${what})`, { cause: parsed.error });
    return parsed.data;
  }

  async function getOrder(orderId: string): Promise<Order | null> {
    const response = await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (response.status === 404) return null;
    return readOrder('GET /v2/checkout/orders/{id}', response);
  }

  const notCreated = (payment: PaymentRow): ProviderVerification => ({
    status: 'ready',
    amount: null,
    currency: null,
    providerPaymentId: payment.provider_payment_id,
    merchantReference: null,
  });

  async function verify(payment: PaymentRow): Promise<ProviderVerification> {
    if (!payment.provider_payment_id) return notCreated(payment);
    const order = await getOrder(payment.provider_payment_id);
    return order ? fromOrder(order) : notCreated(payment);
  }

  return {
    name: 'paypal',
    verify,

    async prepare(payment, order) {
      const returnTo = payment.redirect_url ?? options.defaultReturnUrl;
      const response = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: payment.id,
              custom_id: payment.id,
              invoice_id: payment.id,
              description: order.name,
              amount: { currency_code: payment.currency, value: minorUnitsToDecimal(payment.amount) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: withQuery(returnTo, { paymentId: payment.id }),
                cancel_url: withQuery(returnTo, { paymentId: payment.id, status: 'cancelled' }),
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                locale: LOCALES[payment.language as Language] ?? LOCALES.en,
              },
            },
          },
        },
        `order-${payment.id}`,
      );
      const created = readOrder('POST /v2/checkout/orders', response);
      const approval = created.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      return { checkoutUrl: approval?.href ?? null, providerPaymentId: created.id };
    },

    async capture(payment) {
      if (!payment.provider_payment_id) return notCreated(payment);
      const response = await call(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(payment.provider_payment_id)}/capture`,
        {},
        `capture-${payment.id}`,
      );
      // 422 (already captured, instrument declined, ...): the order itself says where it stands.
      if (response.status === 422) return verify(payment);
      return fromOrder(readOrder('POST /v2/checkout/orders/{id}/capture', response));
    },

    async cancel(payment, input) {
      const order = payment.provider_payment_id ? await getOrder(payment.provider_payment_id) : null;
      const capture = order?.purchase_units?.[0]?.payments?.captures?.find(
        (c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED',
      );
      if (!capture) throw new ProviderUnavailableError('paypal', `order of ${payment.id} has no completed capture`);
      const response = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
        {
          note_to_payer: input.reason,
          invoice_id: payment.id,
          custom_id: payment.id,
          ...(input.amount !== undefined && {
            amount: { currency_code: payment.currency, value: minorUnitsToDecimal(input.amount) },
          }),
        },
        input.requestId ?? `refund-${payment.id}-${input.amount ?? 'full'}`,
      );
      const parsed = z
        .looseObject({ id: z.string(), status: z.string(), amount: money.optional() })
        .safeParse(expectSuccess('paypal', 'POST /v2/payments/captures/{id}/refund', response));
      if (!parsed.success) throw new ProviderUnavailableError('paypal', 'unreadable refund', { cause: parsed.error });
      const amount = parsed.data.amount ? amountOf(parsed.data.amount) : null;
      return {
        id: parsed.data.id,
        kind: 'REFUND',
        amount: amount?.amount ?? input.amount ?? payment.amount,
        currency: amount?.currency ?? payment.currency,
      };
    },

    async refunds(payment) {
      const order = payment.provider_payment_id ? await getOrder(payment.provider_payment_id) : null;
      const unit = order?.purchase_units?.[0];
      const found: ProviderRefund[] = [];
      for (const refund of unit?.payments?.refunds ?? []) {
        const amount = amountOf(refund.amount);
        if (refund.status !== 'COMPLETED' || amount.amount === null) continue;
        found.push({ id: refund.id, kind: 'REFUND', amount: amount.amount, currency: amount.currency ?? '' });
      }
      // A chargeback the payer won takes the whole capture back.
      for (const capture of unit?.payments?.captures ?? []) {
        const amount = amountOf(capture.amount ?? unit?.amount);
        if (capture.status !== 'REVERSED' || amount.amount === null) continue;
        found.push({
          id: `reversal:${capture.id}`,
          kind: 'CHARGEBACK',
          amount: amount.amount,
          currency: amount.currency ?? '',
        });
      }
      return found;
    },

    /**
     * Asks PayPal whether a webhook is genuine (`POST /v1/notifications/verify-webhook-signature`), with the
     * transmission headers, our webhook id and the event exactly as received (PayPal compares the bytes it signed).
     */
    async verifyWebhook(webhook) {
      if (!options.webhookId) return false;
      const h = webhook.headers;
      const fields = {
        auth_algo: h['paypal-auth-algo'],
        cert_url: h['paypal-cert-url'],
        transmission_id: h['paypal-transmission-id'],
        transmission_sig: h['paypal-transmission-sig'],
        transmission_time: h['paypal-transmission-time'],
        webhook_id: options.webhookId,
      };
      if (Object.values(fields).some((value) => !value)) return false;
      // The event goes in as received: re-serialising the parsed JSON could change the bytes PayPal signed.
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${webhook.body}}`;
      const response = await callProvider('paypal', `${base}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body,
        timeoutMs: options.timeoutMs,
      });
      if (response.status === 401) token = null;
      // 400: PayPal could not read the event or headers; nothing genuine about it.
      if (response.status === 400) return false;
      const parsed = z
        .looseObject({ verification_status: z.string() })
        .safeParse(expectSuccess('paypal', 'POST /v1/notifications/verify-webhook-signature', response));
      if (!parsed.success)
        throw new ProviderUnavailableError('paypal', 'unreadable verification', { cause: parsed.error });
      return parsed.data.verification_status === 'SUCCESS';
    },
  };
}
