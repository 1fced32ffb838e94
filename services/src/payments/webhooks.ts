import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  payPalWebhookHeadersSchema,
  payPalWebhookSchema,
  portOneWebhookHeadersSchema,
  portOneWebhookSchema,
  webhookReceivedSchema,
  type PayPalWebhook,
  type PortOneWebhook,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context';
import { AppError, errorResponses, notFound, unauthorized } from '../http';
import { countPaymentWebhook } from '../metrics';
import { creditVerifiedPayment } from './deposits';
import type { PaymentProviders } from './providers/registry';
import { paymentProvidersFor } from './providers/registry';
import { findPayment, findPaymentByProviderPaymentId, recordPaymentWebhook } from './repository';
import { reconcileProviderRefunds } from './reversals';
import { ProviderUnavailableError } from './providers/provider';
import { providerUnavailable } from './errors';
import type { PaymentRow } from './table';

/** Standard Webhooks: a signature older or newer than this is refused (replay). */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Verifies a Standard Webhooks signature (what PortOne V2 signs with): HMAC-SHA256 of `id.timestamp.body` under the
 * secret (`whsec_<base64>`), any of the space-separated `v1,<base64>` signatures, a timestamp within 5 minutes.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  now: Date,
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signature.split(' ').some((part) => {
    const [version, value] = part.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A verified PortOne webhook names a payment; what it says about it is not trusted: the order is checked with
 * PortOne (the same path as the browser's POST /coin-deposit) and credited once if paid. An order not paid (yet),
 * failed or unknown is acknowledged; only a PortOne we cannot reach answers an error, so PortOne delivers again.
 */
export async function handlePortOneWebhook(
  ctx: ServiceContext,
  providers: PaymentProviders,
  webhook: PortOneWebhook,
): Promise<void> {
  const paymentId = webhook.data?.paymentId;
  if (!paymentId || !webhook.type.startsWith('Transaction.')) return;
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment || payment.provider !== 'portone') return;
  await recordPaymentWebhook(ctx.db, payment.id, `portone ${webhook.type}`, ctx.now());
  // A cancellation (whole or partial) made at PortOne takes the charge's coins back.
  if (webhook.type === 'Transaction.Cancelled' || webhook.type === 'Transaction.PartialCancelled') {
    await reconcileProviderRefunds(ctx, providers, payment);
    return;
  }
  await creditAcknowledging(ctx, providers, payment);
}

/** Credits a paid order; anything but an unreachable provider is acknowledged (recorded on the order already). */
async function creditAcknowledging(ctx: ServiceContext, providers: PaymentProviders, payment: PaymentRow) {
  try {
    await creditVerifiedPayment(ctx, providers, payment);
  } catch (error) {
    if (error instanceof AppError && error.status !== 502) return;
    throw error;
  }
}

/** The PayPal events that settle a payment: money taken, or given back (refund, chargeback reversal). */
const PAYPAL_CREDIT_EVENTS = new Set(['PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED']);
const PAYPAL_REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

/**
 * A verified PayPal event names a payment (our id as `custom_id`/`invoice_id`, or PayPal's order id); what it says
 * is not trusted: the order is read back from PayPal. A completed capture (or an approved order, which is then
 * captured) is credited once through `creditVerifiedPayment`; a refund or reversal is reconciled. Other events and
 * payments we do not know are acknowledged.
 */
export async function handlePayPalWebhook(
  ctx: ServiceContext,
  providers: PaymentProviders,
  event: PayPalWebhook,
): Promise<void> {
  const credit = PAYPAL_CREDIT_EVENTS.has(event.event_type);
  if (!credit && !PAYPAL_REFUND_EVENTS.has(event.event_type)) return;
  const resource = event.resource ?? {};
  const orderId =
    resource.supplementary_data?.related_ids?.order_id ??
    (event.event_type === 'CHECKOUT.ORDER.APPROVED' ? resource.id : undefined);
  let payment: PaymentRow | undefined;
  for (const reference of [resource.custom_id, resource.invoice_id]) {
    if (!payment && reference) payment = await findPayment(ctx.db, reference);
  }
  if (!payment && orderId) payment = await findPaymentByProviderPaymentId(ctx.db, 'paypal', orderId);
  if (!payment || payment.provider !== 'paypal') return;
  await recordPaymentWebhook(ctx.db, payment.id, `paypal ${event.event_type}`, ctx.now());
  if (credit) await creditAcknowledging(ctx, providers, payment);
  else await reconcileProviderRefunds(ctx, providers, payment);
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/** `POST /api/v1/payment/webhooks/portone` and `/paypal`: the providers' webhooks, each verified. */
export async function paymentWebhookRoutes(app: FastifyInstance) {
  const providers = paymentProvidersFor(app.ctx);
  const secret = app.config.PORTONE_WEBHOOK_SECRET;
  // The signature covers the exact bytes: keep them beside the parsed JSON (this plugin's routes only).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      // Answered like any malformed JSON body (400 VALIDATION_FAILED by the error handler).
      done(Object.assign(error as SyntaxError, { statusCode: 400 }), undefined);
    }
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payment/webhooks/portone',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags: ['payments'],
        summary: 'PortOne V2 webhook',
        description:
          'Signed with Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature` under ' +
          'PORTONE_WEBHOOK_SECRET); a missing or wrong signature, or one older than 5 minutes, is 401. The payment ' +
          'it names is verified with PortOne and credited once if paid, whether or not the browser came back. ' +
          '404 when no webhook secret is configured; 502 while PortOne cannot be reached (PortOne retries).',
        headers: portOneWebhookHeadersSchema,
        body: portOneWebhookSchema,
        response: { 200: webhookReceivedSchema, ...errorResponses(400, 401, 404, 502) },
      },
    },
    async (request) => {
      if (!secret) throw notFound();
      const verified = verifyStandardWebhook(
        secret,
        {
          id: request.headers['webhook-id'],
          timestamp: request.headers['webhook-timestamp'],
          signature: request.headers['webhook-signature'],
        },
        rawBodies.get(request) ?? '',
        app.ctx.now(),
      );
      countPaymentWebhook('portone', verified ? 'accepted' : 'bad_signature');
      if (!verified) throw unauthorized();
      await handlePortOneWebhook(app.ctx, providers, request.body);
      return { received: true as const };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payment/webhooks/paypal',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags: ['payments'],
        summary: 'PayPal webhook',
        description:
          'Verified with PayPal’s verify-webhook-signature API (the `paypal-transmission-*`, `paypal-cert-url` and ' +
          '`paypal-auth-algo` headers, PAYPAL_WEBHOOK_ID and the event as received); anything PayPal does not ' +
          'confirm is 401. PAYMENT.CAPTURE.COMPLETED credits the payment once (read back from PayPal); ' +
          'PAYMENT.CAPTURE.REFUNDED and PAYMENT.CAPTURE.REVERSED take the charge’s unspent coins back. 404 when ' +
          'PayPal or PAYPAL_WEBHOOK_ID is not configured; 502 while PayPal cannot be reached (PayPal retries).',
        headers: payPalWebhookHeadersSchema,
        body: payPalWebhookSchema,
        response: { 200: webhookReceivedSchema, ...errorResponses(400, 401, 404, 502) },
      },
    },
    async (request) => {
      const paypal = providers.byName('paypal');
      if (!paypal?.verifyWebhook || !app.config.PAYPAL_WEBHOOK_ID) throw notFound();
      let verified: boolean;
      try {
        verified = await paypal.verifyWebhook({
          headers: request.headers as Record<string, string | undefined>,
          body: rawBodies.get(request) ?? '',
        });
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        app.ctx.log.warn({ err: error }, 'PayPal could not verify a webhook');
        countPaymentWebhook('paypal', 'provider_unavailable');
        throw providerUnavailable();
      }
      countPaymentWebhook('paypal', verified ? 'accepted' : 'bad_signature');
      if (!verified) throw unauthorized();
      await handlePayPalWebhook(app.ctx, providers, request.body);
      return { received: true as const };
    },
  );
}
