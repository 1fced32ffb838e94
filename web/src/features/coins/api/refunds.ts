import {
  COIN_REFUNDS_PAGE_SIZE,
  type CoinLotsResponse,
  type CoinRefund,
  type Page,
  type RefundBankAccount,
} from '@fanmission/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/* The fan's coin lots and refund requests: `/users/me/coin-lots`, `/users/me/coin-refunds`. */

/** Under the coin history's key: whatever refreshes the history (a charge, a spend) refreshes the lots too. */
const lotsKey = [...queryKeys.coinHistory.all, 'lots'] as const;
const refundsKey = ['coin-refunds'] as const;

/** `GET /users/me/coin-lots`: lots earliest expiry first, what a partial refund pays now. */
export function useCoinLots(includeEmpty = false) {
  return useQuery({
    queryKey: [...lotsKey, includeEmpty],
    queryFn: async () =>
      (await api<CoinLotsResponse>('/users/me/coin-lots', { query: { includeEmpty: String(includeEmpty) } })).data,
  });
}

/** `GET /users/me/coin-refunds`: the fan's refund requests with their status. */
export function useMyRefunds(page: number) {
  return useQuery({
    queryKey: [...refundsKey, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await api<Page<CoinRefund>>('/users/me/coin-refunds', { query: { page, size: COIN_REFUNDS_PAGE_SIZE } })).data,
  });
}

/** After any refund: the balance, the history, the lots and the requests all changed. */
function useRefreshCoins() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.coinBalance }),
      client.invalidateQueries({ queryKey: queryKeys.coinHistory.all }),
      client.invalidateQueries({ queryKey: lotsKey }),
      client.invalidateQueries({ queryKey: refundsKey }),
    ]);
}

/** `POST /coin-deposits/{id}/withdrawal`: withdraws an unused charge within its 7 days. */
export function useWithdrawCharge() {
  const refresh = useRefreshCoins();
  return useMutation({
    mutationFn: async (depositId: number) =>
      (await api<CoinRefund>(`/coin-deposits/${depositId}/withdrawal`, { method: 'POST', globalErrors: 'all' })).data,
    onSuccess: refresh,
  });
}

/**
 * `POST /users/me/coins/partial-refund`: held CASH coins minus 3 %, once per key; to the given account when the
 * preview's destination is the bank account, else back to the payment methods (no account sent).
 */
export function usePartialRefund() {
  const refresh = useRefreshCoins();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ bankAccount, idempotencyKey }: { bankAccount?: RefundBankAccount; idempotencyKey: string }) =>
      (
        await api<CoinRefund>('/users/me/coins/partial-refund', {
          method: 'POST',
          body: bankAccount ? { bankAccount } : {},
          headers: { 'Idempotency-Key': idempotencyKey },
        })
      ).data,
    onSuccess: refresh,
    // A refusal may come from coins that changed since the preview (an account now needed, nothing left): read it again.
    onError: () => client.invalidateQueries({ queryKey: lotsKey }),
  });
}

/** `PUT /users/me/coin-refunds/{id}/bank-account`: a refused request, requested again with a corrected account. */
export function useCorrectRefundAccount() {
  const refresh = useRefreshCoins();
  return useMutation({
    mutationFn: async ({ refundId, bankAccount }: { refundId: number; bankAccount: RefundBankAccount }) =>
      (await api<CoinRefund>(`/users/me/coin-refunds/${refundId}/bank-account`, { method: 'PUT', body: bankAccount }))
        .data,
    onSuccess: refresh,
  });
}
