import { normalizeLanguage, paymentIdParamsSchema } from '@fanmission/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findCoinItem } from '../coins';
import type { ServiceContext } from '../context';
import { errorResponses, notFound, PROVIDER_PAGE_HEADERS, withQuery } from '../http';
import { paymentProvidersFor, type PaymentProviders } from './providers/registry';
import { sandboxCheckoutPath } from './providers/sandbox';
import { decideSandboxCheckout, findPayment, findSandboxCheckout } from './repository';
import { renderSandboxCheckout } from './sandbox-page';
import { renderSandboxReceipt } from './sandbox-receipt-page';
import type { PaymentRow } from './table';

/** A sandbox order while the sandbox is a configured provider; 404 otherwise, as if the page did not exist. */
async function requireSandboxPayment(
  ctx: ServiceContext,
  providers: PaymentProviders,
  paymentId: string,
): Promise<PaymentRow> {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment || payment.provider !== 'sandbox' || !providers.byName('sandbox')) throw notFound();
  return payment;
}

/**
 * The sandbox provider's checkout, served by the API: a page showing the order with Approve and Decline buttons
 * (plain HTML forms), and the two decisions, which send the browser back to the order's mRedirectUrl with
 * `?paymentId=…&status=paid|failed` as a provider's mobile redirect does. No login: like a provider's checkout link,
 * the unguessable payment id is the capability; crediting still needs the member's own POST /coin-deposit.
 */
export async function sandboxCheckoutRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const providers = paymentProvidersFor(app.ctx);
  const tags = ['payments'];
  // The page's forms post urlencoded (and empty) bodies; nothing in them is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  routes.get(
    '/payment/sandbox/:paymentId',
    {
      schema: {
        tags,
        summary: 'Sandbox checkout page (development and tests)',
        description: 'HTML in the order’s language (ko, en, ja). 404 unless the sandbox is a configured provider.',
        params: paymentIdParamsSchema,
        response: { 200: z.string().describe('text/html'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const payment = await requireSandboxPayment(app.ctx, providers, request.params.paymentId);
      const [item, checkout] = await Promise.all([
        findCoinItem(app.ctx.db, payment.coin_item_id),
        findSandboxCheckout(app.ctx.db, payment.id),
      ]);
      const html = renderSandboxCheckout({
        paymentId: payment.id,
        language: normalizeLanguage(payment.language),
        itemName: item?.name ?? '',
        point: item?.point ?? 0,
        amount: payment.amount,
        currency: payment.currency,
        payMethod: payment.pay_method,
        decided: checkout?.status ?? null,
        actionBase: sandboxCheckoutPath(payment.id),
      });
      return reply.headers(PROVIDER_PAGE_HEADERS).send(html);
    },
  );

  routes.get(
    '/payment/sandbox/:paymentId/receipt',
    {
      schema: {
        tags,
        summary: 'Sandbox card slip (매출전표) of a paid payment (development and tests)',
        description:
          'HTML in the order’s language (ko, en, ja): merchant, date, method, amount in won, approval number, ' +
          'masked card. The payment’s receiptUrl points here, as PortOne’s does to its own slip; the unguessable ' +
          'payment id is the capability. 404 unless the sandbox is a configured provider and the payment was paid.',
        params: paymentIdParamsSchema,
        response: { 200: z.string().describe('text/html'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const payment = await requireSandboxPayment(app.ctx, providers, request.params.paymentId);
      const [item, checkout] = await Promise.all([
        findCoinItem(app.ctx.db, payment.coin_item_id),
        findSandboxCheckout(app.ctx.db, payment.id),
      ]);
      if (!checkout || checkout.status === 'failed') throw notFound();
      const html = renderSandboxReceipt({
        paymentId: payment.id,
        language: normalizeLanguage(payment.language),
        itemName: item?.name ?? '',
        amount: checkout.amount,
        currency: checkout.currency,
        payMethod: payment.pay_method,
        paidAt: payment.paid_at ?? checkout.decided_at,
        cancelled: checkout.status === 'cancelled',
      });
      return reply.headers(PROVIDER_PAGE_HEADERS).send(html);
    },
  );

  const decide = async (paymentId: string, decision: 'paid' | 'failed', reply: FastifyReply) => {
    const payment = await requireSandboxPayment(app.ctx, providers, paymentId);
    await decideSandboxCheckout(app.ctx.db, {
      payment_id: payment.id,
      status: decision,
      amount: payment.amount,
      currency: payment.currency,
      decided_at: app.ctx.now(),
    });
    const checkout = await findSandboxCheckout(app.ctx.db, payment.id);
    const status = checkout?.status ?? decision;
    const target = payment.redirect_url
      ? withQuery(payment.redirect_url, { paymentId: payment.id, status })
      : sandboxCheckoutPath(payment.id);
    return reply.redirect(target, 303);
  };

  for (const [action, decision] of [
    ['approve', 'paid'],
    ['decline', 'failed'],
  ] as const) {
    routes.post(
      `/payment/sandbox/:paymentId/${action}`,
      {
        // The checkout page's form posts here: no session needed, so the session cookie is not read.
        config: { ignoreSessionCookie: true },
        schema: {
          tags,
          summary: `Sandbox checkout: ${action} the payment`,
          description:
            'Records the sandbox provider’s decision (the first one stands) and redirects (303) to the order’s ' +
            'mRedirectUrl with ?paymentId=…&status=paid|failed, or back to the checkout page. 404 unless the ' +
            'sandbox is a configured provider.',
          params: paymentIdParamsSchema,
          response: { 303: z.null().describe('Redirect'), ...errorResponses(404) },
        },
      },
      async (request, reply) => decide(request.params.paymentId, decision, reply),
    );
  }
}
