import { PAGE_SIZES, type BankTransferRow, type CoinHistoryRowDto, type Page } from '@fanmission/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export interface HistoryFilter {
  page: number;
  year: number | '';
  month: number | '';
}

/** `GET /users/me/coin-history/page`, optionally of one year or one month of it. */
export async function fetchCoinHistory({ page, year, month }: HistoryFilter): Promise<Page<CoinHistoryRowDto>> {
  return (
    await api<Page<CoinHistoryRowDto>>('/users/me/coin-history/page', {
      query: { page, size: PAGE_SIZES.coinHistory, createdYear: year, createdMonth: year === '' ? '' : month },
    })
  ).data;
}

export const coinHistoryQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: queryKeys.coinHistory.page(filter.page, filter.year, filter.month),
    placeholderData: keepPreviousData,
    queryFn: () => fetchCoinHistory(filter),
  });

export function useCoinHistory(filter: HistoryFilter) {
  return useQuery(coinHistoryQueryOptions(filter));
}

/**
 * `GET /payment/bank-transfer/page`: the member's bank deposits waiting for the operator, and the ones finance marked
 * failed (he is told to contact support).
 */
export async function fetchBankTransfers(userId: number | null, page: number): Promise<Page<BankTransferRow>> {
  return (
    await api<Page<BankTransferRow>>('/payment/bank-transfer/page', {
      query: { userId, page, size: PAGE_SIZES.pendingDeposits, status: 'ready,failed' },
    })
  ).data;
}

export const bankTransfersQueryOptions = (userId: number | null, page: number) =>
  queryOptions({
    queryKey: queryKeys.bankTransfers.page(page),
    placeholderData: keepPreviousData,
    queryFn: () => fetchBankTransfers(userId, page),
  });

export function useBankTransfers(userId: number | null, page: number) {
  return useQuery(bankTransfersQueryOptions(userId, page));
}

/** `POST /payment/bank-transfer/{id}/cancel`: the member takes back a request still waiting for his deposit. */
export async function cancelBankTransfer(id: number) {
  await api(`/payment/bank-transfer/${id}/cancel`, { method: 'POST' });
}

/** `POST /coin-deposit`: credits a checkout the provider reported paid. */
export async function completeDeposit(body: { coinItemId: number; userId: number | null; paymentId: string }) {
  await api('/coin-deposit', { method: 'POST', body });
}
