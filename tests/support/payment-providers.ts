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
  /** The cancellations of a (partly) cancelled payment, as PortOne lists them. */
  cancellations?: PortOneCancellation[];
  /** How the payer paid (PortOne's `method`); KakaoPay unless a test says otherwise. */
  method?: { type: string; provider?: string };
}

export interface PortOneCancellation {
  status: 'SUCCEEDED' | 'REQUESTED' | 'FAILED';
  id: string;
  totalAmount: number;
  reason?: string | undefined;
  cancelledAt?: string;
}

export interface PortOneServer extends LocalServer {
  setPayment(paymentId: string, state: PortOneState): void;
  /** A refund made in PortOne's console (not through our API): whole, or `amount` won of it. */
  cancelAtProvider(paymentId: string, amount?: number): PortOneCancellation;
  cancellations: Array<{ paymentId: string; body: unknown }>;
  requests: Array<{ method: string; url: string }>;
  /** The browser SDK's runtime script (what cdn.portone.io/v2/browser-sdk.js serves), speaking to this server. */
  browserSdkUrl: string;
  /** The payment requests the browser SDK sent (`PortOne.requestPayment`'s argument). */
  checkoutRequests: Array<Record<string, unknown>>;
}

/** What `PortOne.requestPayment` is given (the fields the local checkout reads). */
interface CheckoutRequest {
  storeId?: string;
  channelKey?: string;
  paymentId?: string;
  orderName?: string;
  totalAmount?: number;
  currency?: string;
  payMethod?: string;
  easyPay?: { easyPayProvider?: string };
}

/*
 * The browser side of the local PortOne: the runtime script the npm package `@portone/browser-sdk` loads (it defines
 * `window.PortOne`), and a checkout page in an overlaid frame, as PortOne's test channels show. `requestPayment`
 * registers the payment under the merchant's paymentId with the amount the page asked (PortOne records what the
 * browser requested; the merchant's server must compare it with its order), the payer approves or cancels, and the
 * promise resolves with `{ transactionType, txId, paymentId }`, plus `code` and `message` when it failed.
 */
function browserSdkScript(base: string): string {
  return `(() => {
  const base = ${JSON.stringify(base)};
  async function requestPayment(request) {
    const response = await fetch(base + '/sdk/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const started = await response.json();
    if (!response.ok) {
      return { transactionType: 'PAYMENT', paymentId: request.paymentId, code: started.code, message: started.message };
    }
    return await new Promise((resolve) => {
      const overlay = document.createElement('div');
      overlay.setAttribute('data-portone', 'checkout');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center';
      const frame = document.createElement('iframe');
      frame.title = 'PortOne';
      frame.src = base + '/checkout/' + encodeURIComponent(started.txId);
      frame.style.cssText = 'width:min(420px,94vw);height:min(520px,90vh);border:0;border-radius:12px;background:#fff';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      window.addEventListener('message', function done(event) {
        if (event.origin !== base || !event.data || event.data.txId !== started.txId) return;
        window.removeEventListener('message', done);
        overlay.remove();
        const result = { transactionType: 'PAYMENT', txId: started.txId, paymentId: request.paymentId };
        resolve(event.data.paid ? result : { ...result, code: event.data.code, message: event.data.message });
      });
    });
  }
  window.PortOne = { requestPayment };
})();
`;
}

function checkoutPage(txId: string, request: CheckoutRequest): string {
  const escape = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const method = request.payMethod === 'EASY_PAY' ? (request.easyPay?.easyPayProvider ?? 'EASY_PAY') : 'CARD';
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>PortOne test checkout</title>
<style>body{font-family:sans-serif;margin:24px}button{font-size:16px;padding:10px 16px;margin-right:8px}</style></head>
<body><h1>PortOne 테스트 결제</h1>
<p data-testid="order">${escape(request.orderName ?? '')}</p>
<p data-testid="amount">${(request.totalAmount ?? 0).toLocaleString('ko-KR')} ${escape(request.currency ?? '')}</p>
<p data-testid="method">${escape(method)}</p>
<button id="pay">결제하기</button><button id="cancel">결제 취소</button>
<script>
  const txId = ${JSON.stringify(txId)};
  async function finish(action) {
    const response = await fetch('/checkout/' + encodeURIComponent(txId) + '/' + action, { method: 'POST' });
    parent.postMessage({ txId, ...(await response.json()) }, '*');
  }
  document.getElementById('pay').onclick = () => finish('pay');
  document.getElementById('cancel').onclick = () => finish('cancel');
</script></body></html>`;
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
    method: state.method ?? { type: 'PaymentMethodEasyPay', provider: 'KAKAOPAY' },
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
      cancelled: (state.cancellations ?? []).reduce(
        (sum, c) => sum + (c.status === 'SUCCEEDED' ? c.totalAmount : 0),
        0,
      ),
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
    return { ...common, paidAt: at, cancelledAt: at, cancellations: state.cancellations ?? [] };
  }
  return common;
}

const cancelledOf = (state: PortOneState) =>
  (state.cancellations ?? []).reduce((sum, c) => sum + (c.status === 'SUCCEEDED' ? c.totalAmount : 0), 0);

export async function startPortOneServer(options: {
  apiSecret: string;
  storeId: string;
  /** The channel the browser SDK must name (any when omitted). */
  channelKey?: string;
}): Promise<PortOneServer> {
  const app = Fastify({ logger: false });
  const payments = new Map<string, PortOneState>();
  const cancellations: PortOneServer['cancellations'] = [];
  const requests: PortOneServer['requests'] = [];
  const checkoutRequests: PortOneServer['checkoutRequests'] = [];
  const checkouts = new Map<string, CheckoutRequest & { paymentId: string }>();
  const unauthorized = { type: 'UNAUTHORIZED', message: 'Invalid API secret' };
  /** Records a succeeded cancellation of `amount` won: PARTIAL_CANCELLED until the whole total is cancelled. */
  const cancel = (paymentId: string, state: PortOneState, amount: number, reason: string | undefined) => {
    const cancellation: PortOneCancellation = {
      status: 'SUCCEEDED',
      id: `cancel-${randomUUID()}`,
      totalAmount: amount,
      reason,
      cancelledAt: new Date().toISOString(),
    };
    const all = [...(state.cancellations ?? []), cancellation];
    const next: PortOneState = { ...state, cancellations: all };
    next.status = cancelledOf(next) >= state.total ? 'CANCELLED' : 'PARTIAL_CANCELLED';
    payments.set(paymentId, next);
    return cancellation;
  };
  let base = '';
  // The browser's side (SDK script, checkout page and its calls) carries no API secret; the REST API needs it.
  const browserSide = (url: string) => /^\/(v2\/browser-sdk\.js|sdk\/|checkout\/)/.test(url);

  app.addHook('onRequest', async (request, reply) => {
    requests.push({ method: request.method, url: request.url });
    if (browserSide(request.url)) return;
    if (request.headers.authorization !== `PortOne ${options.apiSecret}`) return reply.code(401).send(unauthorized);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/sdk/')) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-allow-headers', 'content-type');
    }
  });
  app.get('/v2/browser-sdk.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(browserSdkScript(base)),
  );
  app.options('/sdk/payments', async (_request, reply) => reply.code(204).send());
  app.post<{ Body: CheckoutRequest }>('/sdk/payments', async (request, reply) => {
    const body = request.body;
    checkoutRequests.push({ ...body });
    const refuse = (code: string, message: string) => reply.code(400).send({ code, message });
    if (body.storeId !== options.storeId) return refuse('StoreNotFound', 'store not found');
    if (options.channelKey !== undefined && body.channelKey !== options.channelKey) {
      return refuse('ChannelNotFound', 'channel not found');
    }
    if (!body.paymentId || !body.orderName || typeof body.totalAmount !== 'number' || !body.currency) {
      return refuse('RequestParseFailed', 'paymentId, orderName, totalAmount and currency are required');
    }
    if (payments.get(body.paymentId)?.status === 'PAID') return refuse('PaymentAlreadyPaid', 'already paid');
    payments.set(body.paymentId, { status: 'READY', total: body.totalAmount, currency: body.currency });
    const txId = randomUUID();
    checkouts.set(txId, { ...body, paymentId: body.paymentId });
    return { txId };
  });
  app.get<{ Params: { txId: string } }>('/checkout/:txId', async (request, reply) => {
    const checkout = checkouts.get(request.params.txId);
    if (!checkout) return reply.code(404).send('unknown checkout');
    return reply.type('text/html; charset=utf-8').send(checkoutPage(request.params.txId, checkout));
  });
  app.post<{ Params: { txId: string; action: string } }>('/checkout/:txId/:action', async (request, reply) => {
    const checkout = checkouts.get(request.params.txId);
    if (!checkout) return reply.code(404).send({ code: 'TransactionNotFound', message: 'unknown checkout' });
    const state = { total: checkout.totalAmount ?? 0, currency: checkout.currency ?? 'KRW' };
    if (request.params.action === 'pay') {
      payments.set(checkout.paymentId, { ...state, status: 'PAID' });
      return { paid: true };
    }
    const message = '[결제포기] 사용자가 결제를 취소하였습니다';
    payments.set(checkout.paymentId, { ...state, status: 'FAILED', failure: { reason: message, pgMessage: message } });
    return { paid: false, code: 'FAILURE_TYPE_PG', message };
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
      if (state.status !== 'PAID' && state.status !== 'PARTIAL_CANCELLED') {
        return reply.code(409).send({ type: 'PAYMENT_NOT_PAID', message: 'not paid' });
      }
      const left = state.total - cancelledOf(state);
      const amount = request.body.amount ?? left;
      if (amount <= 0 || amount > left) {
        return reply.code(400).send({ type: 'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT', message: 'too much' });
      }
      cancellations.push({ paymentId: request.params.paymentId, body: request.body });
      const cancellation = cancel(request.params.paymentId, state, amount, request.body.reason);
      return {
        cancellation: { ...cancellation, taxFreeAmount: 0, vatAmount: 0, requestedAt: cancellation.cancelledAt },
      };
    },
  );
  const url = await listen(app);
  base = url;
  return {
    url,
    browserSdkUrl: `${url}/v2/browser-sdk.js`,
    checkoutRequests,
    setPayment: (paymentId, state) => payments.set(paymentId, state),
    cancelAtProvider: (paymentId, amount) => {
      const state = payments.get(paymentId);
      if (!state) throw new Error(`no PortOne payment ${paymentId}`);
      return cancel(paymentId, state, amount ?? state.total - cancelledOf(state), 'console');
    },
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
    payments?: {
      captures: Array<{ id: string; status: string; amount: Money; status_details?: { reason: string } }>;
      refunds?: Array<{ id: string; status: string; amount: Money; invoice_id?: string; custom_id?: string }>;
    };
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
  /** A refund made in PayPal's dashboard (not through our API): whole, or `cents` of the capture. */
  refundAtProvider(orderId: string, cents?: number): { id: string; amount: Money };
  /** A chargeback the payer won: the capture is REVERSED. */
  reverse(orderId: string): void;
  /**
   * Signs a webhook as PayPal would deliver it to the webhook `webhookId`: the headers to send with `body`, which
   * this server's verify-webhook-signature API then confirms (and nothing else).
   */
  signWebhook(webhookId: string, body: string): Record<string, string>;
  /** The verify-webhook-signature calls it answered. */
  verifications: Array<{ webhookId: string; status: 'SUCCESS' | 'FAILURE' }>;
}

/** `12.34` ⇄ 1234 cents (the local server's own helpers). */
const toCents = (value: string) => Math.round(Number(value) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

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

  /** Refunds `cents` (the rest when omitted) of the order's capture; null when more than is left. */
  const refundCapture = (
    order: PayPalOrder,
    cents: number | undefined,
    ids: { invoice_id?: string; custom_id?: string },
  ) => {
    const unit = order.purchase_units[0]!;
    const capture = unit.payments?.captures[0];
    if (!unit.payments || !capture) return null;
    const all = (unit.payments.refunds ??= []);
    const total = toCents(capture.amount.value);
    const left = total - all.reduce((sum, r) => sum + toCents(r.amount.value), 0);
    const amount = cents ?? left;
    if (amount <= 0 || amount > left) return null;
    const refund = {
      id: `REF${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`,
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: fromCents(amount) },
      ...ids,
    };
    all.push(refund);
    capture.status = amount === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return refund;
  };
  const refundsByRequestId = new Map<string, unknown>();

  app.post<{ Params: { captureId: string }; Body: { amount?: Money; invoice_id?: string; custom_id?: string } }>(
    '/v2/payments/captures/:captureId/refund',
    async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send(notAuthorized);
      const requestId = request.headers['paypal-request-id'] as string | undefined;
      const earlier = requestId ? refundsByRequestId.get(requestId) : undefined;
      if (earlier) return reply.code(200).send(earlier);
      const order = [...orders.values()].find((o) =>
        o.purchase_units[0]?.payments?.captures.some((c) => c.id === request.params.captureId),
      );
      if (!order) return reply.code(404).send(notFound(request.params.captureId));
      refunds.push({ captureId: request.params.captureId, body: request.body });
      const body = request.body ?? {};
      const refund = refundCapture(order, body.amount ? toCents(body.amount.value) : undefined, {
        ...(body.invoice_id && { invoice_id: body.invoice_id }),
        ...(body.custom_id && { custom_id: body.custom_id }),
      });
      if (!refund) {
        const issue = 'REFUND_AMOUNT_EXCEEDED';
        return reply.code(422).send({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue }], message: issue });
      }
      const answer = { id: refund.id, status: refund.status, amount: refund.amount };
      if (requestId) refundsByRequestId.set(requestId, answer);
      return reply.code(201).send(answer);
    },
  );

  // Webhooks: what this server "sent", so its verify-webhook-signature confirms exactly those (PayPal checks its
  // own signature over transmission id, time, webhook id and the event's CRC32; here, the exact event bytes).
  const transmissions = new Map<string, { time: string; sig: string; webhookId: string; body: string }>();
  const verifications: PayPalServer['verifications'] = [];
  app.post<{ Body: Record<string, unknown> }>('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(notAuthorized);
    const body = request.body ?? {};
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    if (required.some((field) => typeof body[field] !== 'string') || typeof body.webhook_event !== 'object') {
      return reply.code(400).send({ name: 'VALIDATION_ERROR', message: 'Invalid request', details: [] });
    }
    const sent = transmissions.get(body.transmission_id as string);
    const ok =
      sent !== undefined &&
      sent.sig === body.transmission_sig &&
      sent.time === body.transmission_time &&
      sent.webhookId === body.webhook_id &&
      JSON.stringify(JSON.parse(sent.body)) === JSON.stringify(body.webhook_event);
    const status = ok ? 'SUCCESS' : 'FAILURE';
    verifications.push({ webhookId: body.webhook_id as string, status });
    return { verification_status: status };
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
    refundAtProvider: (orderId, cents) => {
      const order = must(orderId);
      const unit = order.purchase_units[0]!;
      const refund = refundCapture(order, cents, {
        ...(unit.invoice_id && { invoice_id: unit.invoice_id }),
        ...(unit.custom_id && { custom_id: unit.custom_id }),
      });
      if (!refund) throw new Error(`nothing left to refund on ${orderId}`);
      return refund;
    },
    reverse: (orderId) => {
      const capture = must(orderId).purchase_units[0]?.payments?.captures[0];
      if (!capture) throw new Error(`no capture on ${orderId}`);
      capture.status = 'REVERSED';
    },
    signWebhook: (webhookId, body) => {
      const id = randomUUID();
      const time = new Date().toISOString();
      const sig = createHmac('sha256', options.clientSecret)
        .update(`${id}|${time}|${webhookId}|${body}`)
        .digest('base64');
      transmissions.set(id, { time, sig, webhookId, body });
      return {
        'content-type': 'application/json',
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sig,
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-local`,
        'paypal-auth-algo': 'SHA256withRSA',
      };
    },
    verifications,
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

// ---- Set-up shared by the suites that run the app against these servers -----------------------------------------

/** The credentials the local servers check, and the webhook secrets the app is configured with. */
export const LOCAL_PORTONE = { apiSecret: 'portone-secret-test', storeId: 'store-00000000-test' };
export const LOCAL_PAYPAL = { clientId: 'paypal-client-test', clientSecret: 'paypal-secret-test' };
export const PORTONE_WEBHOOK_SECRET = `whsec_${Buffer.from('portone-webhook-secret-for-tests').toString('base64')}`;
export const PAYPAL_WEBHOOK_ID = 'WH-LOCAL-0000000000000000';

/**
 * The app's configuration variables pointing at the local servers given (`testConfig` overrides); `webhooks` also
 * enables the providers' webhook routes with the secrets above.
 */
export function localProviderConfig(
  servers: { portOne?: PortOneServer; payPal?: PayPalServer },
  options: { webhooks?: boolean } = {},
): Record<string, string> {
  return {
    ...(servers.portOne && {
      PORTONE_API_URL: servers.portOne.url,
      PORTONE_API_SECRET: LOCAL_PORTONE.apiSecret,
      PORTONE_STORE_ID: LOCAL_PORTONE.storeId,
      PORTONE_CHANNEL_KEY: 'channel-key-test',
      ...(options.webhooks && { PORTONE_WEBHOOK_SECRET }),
    }),
    ...(servers.payPal && {
      PAYPAL_API_URL: servers.payPal.url,
      PAYPAL_CLIENT_ID: LOCAL_PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: LOCAL_PAYPAL.clientSecret,
      ...(options.webhooks && { PAYPAL_WEBHOOK_ID }),
    }),
  };
}
