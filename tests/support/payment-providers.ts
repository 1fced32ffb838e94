import { createHmac, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/*
 * Local stand-ins for PortOne V2 and PayPal Orders v2 in tests: real HTTP servers on 127.0.0.1 that check the
 * credentials and answer in the documented shapes. Tests set the state a payment has reached at the provider.
 */

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

// ---- PortOne V2 --------------------------------------------------------------------------------------------------

export interface PortOneState {
  status: 'READY' | 'PAY_PENDING' | 'VIRTUAL_ACCOUNT_ISSUED' | 'PAID' | 'FAILED' | 'CANCELLED' | 'PARTIAL_CANCELLED';
  total: number;
  currency?: string;
  failure?: { reason?: string; pgCode?: string; pgMessage?: string };
  /** The id PortOne reports; our payment id unless a test swaps it. */
  id?: string;
}

export interface PortOneServer extends LocalServer {
  setPayment(paymentId: string, state: PortOneState): void;
  cancellations: Array<{ paymentId: string; body: unknown }>;
  requests: Array<{ method: string; url: string }>;
}

/** A PortOne V2 `Payment` as GET /payments/{paymentId} answers it. */
function portOnePayment(paymentId: string, state: PortOneState, storeId: string) {
  const at = new Date().toISOString();
  const common = {
    status: state.status,
    id: state.id ?? paymentId,
    transactionId: `tx-${paymentId}`,
    merchantId: 'merchant-test',
    storeId,
    method: { type: 'PaymentMethodEasyPay', provider: 'KAKAOPAY' },
    channel: {
      type: 'TEST',
      id: 'channel-test',
      key: 'channel-key-test',
      name: 'test',
      pgProvider: 'KAKAOPAY',
      pgMerchantId: 'pg',
    },
    version: 'V2',
    requestedAt: at,
    updatedAt: at,
    statusChangedAt: at,
    orderName: '10 코인',
    amount: {
      total: state.total,
      taxFree: 0,
      vat: Math.floor(state.total / 11),
      supply: state.total - Math.floor(state.total / 11),
      discount: 0,
      paid: state.status === 'PAID' ? state.total : 0,
      cancelled: 0,
      cancelledTaxFree: 0,
    },
    currency: state.currency ?? 'KRW',
    customer: { id: 'customer', name: 'member' },
    origin: 'PC',
    disputes: [],
  };
  if (state.status === 'PAID')
    return { ...common, paidAt: at, pgTxId: `pg-${paymentId}`, receiptUrl: 'https://receipt.test' };
  if (state.status === 'FAILED') return { ...common, failedAt: at, failure: state.failure ?? {} };
  if (state.status === 'CANCELLED' || state.status === 'PARTIAL_CANCELLED') {
    return { ...common, paidAt: at, cancelledAt: at, cancellations: [] };
  }
  return common;
}

export async function startPortOneServer(options: { apiSecret: string; storeId: string }): Promise<PortOneServer> {
  const app = Fastify({ logger: false });
  const payments = new Map<string, PortOneState>();
  const cancellations: PortOneServer['cancellations'] = [];
  const requests: PortOneServer['requests'] = [];
  const unauthorized = { type: 'UNAUTHORIZED', message: 'Invalid API secret' };

  app.addHook('onRequest', async (request, reply) => {
    requests.push({ method: request.method, url: request.url });
    if (request.headers.authorization !== `PortOne ${options.apiSecret}`) return reply.code(401).send(unauthorized);
  });
  app.get<{ Params: { paymentId: string }; Querystring: { storeId?: string } }>(
    '/payments/:paymentId',
    async (request, reply) => {
      const state = payments.get(request.params.paymentId);
      if (!state) return reply.code(404).send({ type: 'PAYMENT_NOT_FOUND', message: 'Payment not found.' });
      if (request.query.storeId && request.query.storeId !== options.storeId) {
        return reply.code(403).send({ type: 'FORBIDDEN', message: 'store' });
      }
      return portOnePayment(request.params.paymentId, state, options.storeId);
    },
  );
  app.post<{ Params: { paymentId: string }; Body: { reason?: string; amount?: number } }>(
    '/payments/:paymentId/cancel',
    async (request, reply) => {
      const state = payments.get(request.params.paymentId);
      if (!state) return reply.code(404).send({ type: 'PAYMENT_NOT_FOUND', message: 'Payment not found.' });
      if (state.status !== 'PAID') return reply.code(409).send({ type: 'PAYMENT_NOT_PAID', message: 'not paid' });
      cancellations.push({ paymentId: request.params.paymentId, body: request.body });
      const amount = request.body.amount ?? state.total;
      payments.set(request.params.paymentId, {
        ...state,
        status: amount === state.total ? 'CANCELLED' : 'PARTIAL_CANCELLED',
      });
      return {
        cancellation: {
          status: 'SUCCEEDED',
          id: randomUUID(),
          totalAmount: amount,
          taxFreeAmount: 0,
          vatAmount: 0,
          reason: request.body.reason,
          requestedAt: new Date().toISOString(),
          cancelledAt: new Date().toISOString(),
        },
      };
    },
  );
  const url = await listen(app);
  return {
    url,
    setPayment: (paymentId, state) => payments.set(paymentId, state),
    cancellations,
    requests,
    close: () => app.close(),
  };
}

// ---- PayPal Orders v2 --------------------------------------------------------------------------------------------

type Money = { currency_code: string; value: string };
interface PayPalOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  purchase_units: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: Money;
    payments?: { captures: Array<{ id: string; status: string; amount: Money; status_details?: { reason: string } }> };
  }>;
  links: Array<{ href: string; rel: string; method: string }>;
}

export interface PayPalServer extends LocalServer {
  /** The order created for one of our payment ids. */
  orderFor(paymentId: string): PayPalOrder;
  /** The payer approved at PayPal. */
  approve(orderId: string): void;
  /** Sets what a capture (or an already completed order) reports: status and, optionally, another amount. */
  setCapture(orderId: string, capture: { status: string; amount?: Money; reason?: string }): void;
  /** Marks the order COMPLETED with that capture at once (captured elsewhere, e.g. by the JS SDK). */
  complete(orderId: string, capture: { status: string; amount?: Money; reason?: string }): void;
  tokenRequests: number;
  refunds: Array<{ captureId: string; body: unknown }>;
}

export async function startPayPalServer(options: { clientId: string; clientSecret: string }): Promise<PayPalServer> {
  const app = Fastify({ logger: false });
  const orders = new Map<string, PayPalOrder>();
  const byRequestId = new Map<string, string>();
  const plannedCaptures = new Map<string, { status: string; amount?: Money; reason?: string }>();
  const tokens = new Set<string>();
  const refunds: PayPalServer['refunds'] = [];
  let tokenRequests = 0;
  let base = '';

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const notAuthorized = { error: 'invalid_token', error_description: 'Token signature verification failed' };
  const authorized = (header: string | undefined) => tokens.has((header ?? '').replace(/^Bearer /, ''));
  const notFound = (id: string) => ({
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    details: [{ issue: 'INVALID_RESOURCE_ID', description: `order ${id}` }],
  });

  app.post<{ Body: { grant_type?: string } }>('/v1/oauth2/token', async (request, reply) => {
    tokenRequests += 1;
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected || request.body.grant_type !== 'client_credentials') {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const token = `A21AA${randomUUID().replaceAll('-', '')}`;
    tokens.add(token);
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: randomUUID(),
    };
  });

  app.post<{ Body: { intent: string; purchase_units: PayPalOrder['purchase_units'] } }>(
    '/v2/checkout/orders',
    async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send(notAuthorized);
      const requestId = request.headers['paypal-request-id'] as string | undefined;
      const existing = requestId ? byRequestId.get(requestId) : undefined;
      if (existing) return reply.code(200).send(orders.get(existing));
      const id = randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase();
      const order: PayPalOrder = {
        id,
        intent: request.body.intent,
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: request.body.purchase_units.map((unit) => ({ ...unit })),
        links: [
          { href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
      };
      orders.set(id, order);
      if (requestId) byRequestId.set(requestId, id);
      return reply.code(200).send(order);
    },
  );

  app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(notAuthorized);
    const order = orders.get(request.params.id);
    return order ?? reply.code(404).send(notFound(request.params.id));
  });

  const captured = (order: PayPalOrder, capture: { status: string; amount?: Money; reason?: string }) => {
    const unit = order.purchase_units[0]!;
    unit.payments = {
      captures: [
        {
          id: `CAP-${order.id}`,
          status: capture.status,
          amount: capture.amount ?? unit.amount,
          ...(capture.reason && { status_details: { reason: capture.reason } }),
        },
      ],
    };
    order.status = 'COMPLETED';
  };

  app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(notAuthorized);
    const order = orders.get(request.params.id);
    if (!order) return reply.code(404).send(notFound(request.params.id));
    if (order.status !== 'APPROVED') {
      const issue = order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_NOT_APPROVED';
      return reply.code(422).send({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue }], message: issue });
    }
    captured(order, plannedCaptures.get(order.id) ?? { status: 'COMPLETED' });
    return reply.code(201).send(order);
  });

  app.post<{ Params: { captureId: string } }>('/v2/payments/captures/:captureId/refund', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(notAuthorized);
    refunds.push({ captureId: request.params.captureId, body: request.body });
    return reply.code(201).send({ id: `REF-${request.params.captureId}`, status: 'COMPLETED' });
  });

  base = await listen(app);
  const orderFor = (paymentId: string) => {
    const order = [...orders.values()].find((candidate) => candidate.purchase_units[0]?.custom_id === paymentId);
    if (!order) throw new Error(`no PayPal order for ${paymentId}`);
    return order;
  };
  const must = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no PayPal order ${orderId}`);
    return order;
  };
  return {
    url: base,
    orderFor,
    approve: (orderId) => {
      must(orderId).status = 'APPROVED';
    },
    setCapture: (orderId, capture) => plannedCaptures.set(orderId, capture),
    complete: (orderId, capture) => captured(must(orderId), capture),
    get tokenRequests() {
      return tokenRequests;
    },
    refunds,
    close: () => app.close(),
  };
}

// ---- Webhooks ----------------------------------------------------------------------------------------------------

/**
 * The headers PortOne V2 sends a webhook with (Standard Webhooks): HMAC-SHA256 of `id.timestamp.body` under the
 * secret's base64 key (`whsec_<base64>`), as `v1,<base64>`.
 */
export function signPortOneWebhook(
  secret: string,
  body: string,
  options: { id?: string; timestamp?: number } = {},
): Record<string, string> {
  const id = options.id ?? `msg_${randomUUID()}`;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
