import type { CoinBalance } from '@fanmission/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

/** `GET /coin-deposit`: the coins the member holds. */
export async function fetchCoinBalance(): Promise<CoinBalance> {
  return (await api<CoinBalance>('/coin-deposit')).data;
}

export const coinBalanceQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.coinBalance, queryFn: fetchCoinBalance });

/** The coin balance, shared by my page, the coin history and the request and roulette modals. */
export function useCoinBalance() {
  return useQuery(coinBalanceQueryOptions());
}

/** After anything that moves coins: every shown balance reloads. */
export function invalidateCoinBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.coinBalance });
}
