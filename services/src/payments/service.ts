import { randomUUID } from 'node:crypto';
import type {
  CreatePaymentRequest,
  Language,
  PaymentCheckout,
  PaymentCurrency,
  ProviderPayMethod,
} from '@fanmission/contracts';
import type { Caller } from '../auth';
import { type CoinItemRow, findCoinItem } from '../coins';
import type { ServiceContext } from '../context';
import { invalidFields, notFound } from '../http';
import { isUnderPublicUrl } from '../users';
import { idempotencyConflict, merchantCodeMissing, payloadNotCreated, useBankTransfer } from './errors';
import { ProviderUnavailableError, decimalToMinorUnits } from './providers/provider';
import type { PaymentProviders } from './providers/registry';
import * as repository from './repository';
import type { PaymentRow } from './table';

export function merchantCode(providers: PaymentProviders) {
  const code = providers.merchantCode();
  if (!code) throw merchantCodeMissing();
  return code;
}

/** Refuses coin items that cannot be bought (unknown, retired, or the free-coin item of bonus events). */
export async function requireCoinItemForSale(ctx: ServiceContext, coinItemId: number): Promise<CoinItemRow> {
  const item = await findCoinItem(ctx.db, coinItemId);
  if (!item) throw notFound('coins.itemNotFound');
  if (!item.active || item.item_type !== 'CASH' || item.price <= 0) {
    throw invalidFields([{ field: 'coinItemId', key: 'coins.itemNotForSale', rejectedValue: coinItemId }]);
  }
  return item;
}

const CURRENCY: Record<ProviderPayMethod, PaymentCurrency> = {
  kakaopay: 'KRW',
  card: 'KRW',
  phone: 'KRW',
  paypal: 'USD',
};

/** The order's price in the currency's minor unit: won for KRW, cents of the item's USD price for PayPal. */
function priceOf(item: CoinItemRow, currency: PaymentCurrency): number {
  return currency === 'KRW' ? item.price : (decimalToMinorUnits(item.usd_price) ?? 0);
}

/**
 * POST /payment: creates a payment order (our id is the provider's merchant_uid) and returns what the provider's
 * checkout needs. Nothing is credited here: POST /coin-deposit credits after the provider confirms the payment.
 */
export async function createPayment(
  ctx: ServiceContext,
  providers: PaymentProviders,
  caller: Caller,
  input: CreatePaymentRequest,
  idempotencyKey: string | undefined,
): Promise<PaymentCheckout> {
  if (input.payMethod === 'withoutbankbook') throw useBankTransfer();
  const payMethod = input.payMethod;
  const currency = CURRENCY[payMethod];
  const problems = [];
  if (input.currency && input.currency !== currency) {
    problems.push({ field: 'currency', key: 'payments.currencyMismatch' as const, rejectedValue: input.currency });
  }
  if (input.mRedirectUrl && !isUnderPublicUrl(input.mRedirectUrl, ctx.config.PUBLIC_URL)) {
    problems.push({
      field: 'mRedirectUrl',
      key: 'auth.redirectNotAllowed' as const,
      rejectedValue: input.mRedirectUrl,
    });
  }
  if (problems.length > 0) throw invalidFields(problems);
  const item = await requireCoinItemForSale(ctx, input.coinItemId);
  const provider = providers.forPayMethod(payMethod);
  if (!provider) throw payloadNotCreated();
  const amount = priceOf(item, currency);
  if (amount <= 0) throw payloadNotCreated();

  const order = {
    user_id: caller.id,
    coin_item_id: item.id,
    provider: provider.name,
    pay_method: payMethod,
    pg: input.pg ?? null,
    currency,
    amount,
    point: item.point,
    language: input.language,
    redirect_url: input.mRedirectUrl ?? null,
  };
  let payment: PaymentRow | undefined;
  if (idempotencyKey) payment = await repository.findPaymentByIdempotencyKey(ctx.db, caller.id, idempotencyKey);
  if (!payment) {
    payment = await repository.insertPayment(ctx.db, {
      ...order,
      id: `pay_${randomUUID().replaceAll('-', '')}`,
      idempotency_key: idempotencyKey ?? null,
    });
    // A concurrent request with the same key inserted first.
    payment ??= await repository.findPaymentByIdempotencyKey(ctx.db, caller.id, idempotencyKey!);
  }
  if (!payment) throw new Error('payment order neither inserted nor found');
  if (!sameOrder(payment, order)) throw idempotencyConflict();

  // A replay prepares again: the sandbox and PortOne derive everything from the order, PayPal dedupes the creation
  // by its PayPal-Request-Id, so the same order comes back.
  let preparation;
  try {
    preparation = await provider.prepare(payment, { name: item.name });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.error({ err: error, paymentId: payment.id }, 'payment checkout could not be prepared');
    await repository.recordPaymentOutcome(ctx.db, payment.id, {
      status: 'failed',
      failureReason: 'checkout not created',
      now: ctx.now(),
    });
    throw payloadNotCreated();
  }
  if (preparation.providerPaymentId && preparation.providerPaymentId !== payment.provider_payment_id) {
    await repository.setProviderPaymentId(ctx.db, payment.id, preparation.providerPaymentId, ctx.now());
  }

  const buyer = await ctx.db
    .selectFrom('users')
    .select(['username', 'email', 'phone'])
    .where('id', '=', caller.id)
    .executeTakeFirstOrThrow();
  const portOne = provider.name === 'portone' ? providers.portOneCheckout() : { storeId: null, channelKey: null };
  return {
    merchantUid: payment.id,
    provider: provider.name,
    payMethod,
    pg: payment.pg,
    currency,
    amount: currency === 'KRW' ? payment.amount : payment.amount / 100,
    name: item.name,
    coinItemId: item.id,
    point: payment.point ?? item.point,
    language: payment.language as Language,
    buyerName: buyer.username,
    buyerEmail: buyer.email,
    buyerTel: buyer.phone,
    mRedirectUrl: payment.redirect_url,
    checkoutUrl: preparation.checkoutUrl,
    providerPaymentId: preparation.providerPaymentId ?? payment.provider_payment_id,
    ...portOne,
  };
}

function sameOrder(
  payment: PaymentRow,
  order: Pick<
    PaymentRow,
    'coin_item_id' | 'provider' | 'pay_method' | 'pg' | 'currency' | 'amount' | 'language' | 'redirect_url'
  >,
): boolean {
  return (
    payment.coin_item_id === order.coin_item_id &&
    payment.provider === order.provider &&
    payment.pay_method === order.pay_method &&
    payment.pg === order.pg &&
    payment.currency === order.currency &&
    payment.amount === order.amount &&
    payment.language === order.language &&
    payment.redirect_url === order.redirect_url
  );
}
