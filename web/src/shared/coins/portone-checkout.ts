import type { MerchantCode, PaymentCheckout } from '@fanmission/contracts';
import type { PaymentRequest } from '@portone/browser-sdk/v2';
import { api } from '../api/client';

/** `GET /payment/imp-code`: the card provider and, for PortOne, the store id and channel key of its browser SDK. */
export async function fetchMerchantCode(): Promise<MerchantCode> {
  return (await api<MerchantCode>('/payment/imp-code')).data;
}

/** What the checkout ends with, as PortOne puts it on the redirect URL: the payment id, and a code when it failed. */
export interface PortOneOutcome {
  paymentId: string;
  code?: string | undefined;
  message?: string | undefined;
}

const LOCALES = { ko: 'KO_KR', en: 'EN_US', ja: 'JA_JP' } as const;

/**
 * PortOne's method of a pay method: KakaoPay is an easy pay, a phone payment is MOBILE (carrier billing, which
 * PortOne takes only for digital goods: coins are).
 */
function checkoutMethod(
  payMethod: PaymentCheckout['payMethod'],
): Pick<PaymentRequest, 'payMethod'> & Partial<Pick<PaymentRequest, 'easyPay' | 'productType'>> {
  if (payMethod === 'kakaopay') return { payMethod: 'EASY_PAY', easyPay: { easyPayProvider: 'KAKAOPAY' } };
  if (payMethod === 'phone') return { payMethod: 'MOBILE', productType: 'DIGITAL' };
  return { payMethod: 'CARD' };
}

/**
 * Opens PortOne's checkout (V2 browser SDK, loaded from the npm package only when a fan pays) for an order of
 * `POST /payment`, under our payment id. Resolves with the outcome, or `undefined` when the provider took the browser
 * to `redirectUrl` itself (mobile checkouts), which then carries the same query.
 */
export async function payWithPortOne(
  order: PaymentCheckout,
  merchant: { storeId: string; channelKey: string },
  redirectUrl: string,
): Promise<PortOneOutcome | undefined> {
  const { requestPayment } = await import('@portone/browser-sdk/v2');
  const request: PaymentRequest = {
    storeId: merchant.storeId,
    channelKey: merchant.channelKey,
    paymentId: order.merchantUid,
    orderName: order.name,
    totalAmount: order.amount,
    currency: 'KRW',
    ...checkoutMethod(order.payMethod),
    customer: {
      fullName: order.buyerName,
      ...(order.buyerEmail && { email: order.buyerEmail }),
      ...(order.buyerTel && { phoneNumber: order.buyerTel }),
    },
    locale: LOCALES[order.language],
    redirectUrl,
  };
  const response = await requestPayment(request);
  if (!response) return undefined;
  return { paymentId: response.paymentId || order.merchantUid, code: response.code, message: response.message };
}
