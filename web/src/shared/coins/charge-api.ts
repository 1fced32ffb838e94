import type { BankTransferCreated, CashReceiptType, CoinItem, PaymentCheckout } from '@fanmission/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** `GET /coin-items?coinItemType=CASH`: the items on sale. */
export async function fetchCashItems(): Promise<CoinItem[]> {
  return (await api<CoinItem[]>('/coin-items', { query: { coinItemType: 'CASH' } })).data;
}

export const cashItemsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.coinItems('CASH'), queryFn: fetchCashItems });

export function useCashItems() {
  return useQuery(cashItemsQueryOptions());
}

export interface BankTransferRequest {
  coinItemId: number;
  userId: number;
  depositorName: string;
  depositorPhone: string;
  /** The cash receipt's phone or business number; absent for none. */
  cashReceiptNumber?: string;
  receiptType: CashReceiptType;
}

/** `POST /payment/bank-transfer`: a deposit the operator confirms later; answers where, how much and by when to pay. */
export async function requestBankTransfer(
  body: BankTransferRequest,
  idempotencyKey: string,
): Promise<BankTransferCreated> {
  const { data } = await api<BankTransferCreated>('/payment/bank-transfer', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body,
  });
  return data;
}

export interface CheckoutRequest {
  coinItemId: number;
  userId: number;
  payMethod: string;
  /** The PG the pay method goes through (the spec's `pg`, `PG_BY_PAY_METHOD`). */
  pg: string;
  currency: 'USD' | 'KRW';
  language: string;
  mRedirectUrl: string;
}

/** `POST /payment`: a provider checkout; the browser goes to its `checkoutUrl`. */
export async function startCheckout(body: CheckoutRequest, idempotencyKey: string): Promise<PaymentCheckout> {
  return (
    await api<PaymentCheckout>('/payment', { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey }, body })
  ).data;
}
