import type { Language } from '@fanmission/contracts';
import { z } from 'zod';
import { decimalToMinorUnits, type ProviderVerification } from './provider';

// What PayPal's Orders API answers, read into the provider-neutral verification (amount, currency, status, refunds).

export const money = z.looseObject({ currency_code: z.string(), value: z.string() });

/** The fields of an Orders v2 order that verification reads. */
export const orderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: money.optional(),
        payments: z
          .looseObject({
            captures: z
              .array(
                z.looseObject({
                  id: z.string(),
                  status: z.string(),
                  amount: money.optional(),
                  status_details: z.looseObject({ reason: z.string().optional() }).optional(),
                }),
              )
              .optional(),
            refunds: z
              .array(z.looseObject({ id: z.string(), status: z.string(), amount: money.optional() }))
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  links: z.array(z.looseObject({ href: z.string(), rel: z.string() })).optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const tokenSchema = z.looseObject({ access_token: z.string(), expires_in: z.number() });

export const LOCALES: Record<Language, string> = { ko: 'ko-KR', en: 'en-US', ja: 'ja-JP' };

export function amountOf(value: z.infer<typeof money> | undefined): Pick<ProviderVerification, 'amount' | 'currency'> {
  return value
    ? { amount: decimalToMinorUnits(value.value), currency: value.currency_code }
    : { amount: null, currency: null };
}

/**
 * COMPLETED orders are judged by their capture (PayPal: check `captures[].status` before fulfilling); an APPROVED
 * order still has to be captured; anything earlier means the payer has not finished.
 */
export function fromOrder(order: Order): ProviderVerification {
  const unit = order.purchase_units?.[0];
  const base = {
    providerPaymentId: order.id,
    merchantReference: unit?.custom_id ?? unit?.reference_id ?? null,
  };
  if (order.status === 'COMPLETED') {
    const capture = unit?.payments?.captures?.[0];
    if (!capture) return { status: 'pending', ...amountOf(unit?.amount), ...base };
    const amount = amountOf(capture.amount ?? unit?.amount);
    switch (capture.status) {
      case 'COMPLETED':
        return { status: 'paid', ...amount, ...base };
      case 'PENDING':
        return { status: 'pending', ...amount, ...base };
      case 'REVERSED':
      case 'REFUNDED':
      case 'PARTIALLY_REFUNDED':
        return { status: 'cancelled', ...amount, ...base };
      default:
        return {
          status: 'failed',
          ...amount,
          ...base,
          failureReason: capture.status_details?.reason ?? capture.status,
        };
    }
  }
  if (order.status === 'APPROVED') return { status: 'approved', ...amountOf(unit?.amount), ...base };
  if (order.status === 'VOIDED') return { status: 'cancelled', ...amountOf(unit?.amount), ...base };
  return { status: 'ready', ...amountOf(unit?.amount), ...base };
}

export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
