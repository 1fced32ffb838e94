import type {
  IncomeDetailRow,
  LifetimeIncomeTotals,
  IncomeOld,
  MonthIncome,
  MonthlySettlement,
  Page,
} from '@fanmission/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiHeaders, apiUrl, SESSION_CREDENTIALS } from '../../../shared/api/client';

/** Income lists page by 12. */
export const INCOME_PAGE_SIZE = 12;

const incomeKeys = {
  month: (creatorId: number, year: number, month: number) => ['income', 'month', creatorId, year, month] as const,
  detail: (creatorId: number, year: number, month: number, page: number) =>
    ['income', 'detail', creatorId, year, month, page] as const,
  statements: (page: number) => ['income', 'statements', page] as const,
  lifetime: (creatorId: number) => ['income', 'lifetime', creatorId] as const,
};

/** The creator's all-time totals: coins, income and fees (`accumulated-new`) and what was paid out (`accumulated`). */
export type LifetimeIncome = LifetimeIncomeTotals & Pick<IncomeOld, 'paidIncome'>;

/** `GET /creators/me/incomes/accumulated-new` and `/accumulated`, together. */
export async function fetchLifetimeIncome(): Promise<LifetimeIncome> {
  const [totals, paid] = await Promise.all([
    api<LifetimeIncomeTotals>('/creators/me/incomes/accumulated-new'),
    api<IncomeOld>('/creators/me/incomes/accumulated'),
  ]);
  return { ...totals.data, paidIncome: paid.data.paidIncome };
}

export function useLifetimeIncome(creatorId: number) {
  return useQuery(queryOptions({ queryKey: incomeKeys.lifetime(creatorId), queryFn: fetchLifetimeIncome }));
}

/** `GET /creators/{id}/incomes/by-month-new`: the month's totals (its statement, or so far by the settlement rules). */
export async function fetchMonthIncome(creatorId: number, year: number, month: number): Promise<MonthIncome> {
  return (await api<MonthIncome>(`/creators/${creatorId}/incomes/by-month-new`, { query: { year, month } })).data;
}

export function useMonthIncome(creatorId: number, year: number, month: number) {
  return useQuery(
    queryOptions({
      queryKey: incomeKeys.month(creatorId, year, month),
      queryFn: () => fetchMonthIncome(creatorId, year, month),
    }),
  );
}

/** `GET /creators/{id}/incomes-detail/page`: the missions released to the creator in the month. */
export async function fetchIncomeDetail(creatorId: number, year: number, month: number, page: number) {
  return (
    await api<Page<IncomeDetailRow>>(`/creators/${creatorId}/incomes-detail/page`, {
      query: { incomeYear: year, incomeMonth: month, page, size: INCOME_PAGE_SIZE },
    })
  ).data;
}

export function useIncomeDetail(creatorId: number, year: number, month: number, page: number) {
  return useQuery(
    queryOptions({
      queryKey: incomeKeys.detail(creatorId, year, month, page),
      placeholderData: keepPreviousData,
      queryFn: () => fetchIncomeDetail(creatorId, year, month, page),
    }),
  );
}

/** `GET /creators/me/incomes-new/page`: the caller's monthly statements, newest first. */
export async function fetchStatements(page: number): Promise<Page<MonthlySettlement>> {
  return (
    await api<Page<MonthlySettlement>>('/creators/me/incomes-new/page', { query: { page, size: INCOME_PAGE_SIZE } })
  ).data;
}

export function useStatements(page: number) {
  return useQuery(
    queryOptions({
      queryKey: incomeKeys.statements(page),
      placeholderData: keepPreviousData,
      queryFn: () => fetchStatements(page),
    }),
  );
}

/**
 * Downloads a statement file (`GET /creators/me/incomes/{id}/pdf|csv`) with the session's token, which a plain link
 * would not carry. Resolves false when the server refused.
 */
export async function downloadStatement(
  statement: MonthlySettlement,
  format: 'pdf' | 'csv',
  language: string,
): Promise<boolean> {
  const response = await fetch(apiUrl(`/creators/me/incomes/${statement.id}/${format}`), {
    headers: apiHeaders(language === 'jp' ? 'ja' : language, { Accept: '*/*' }),
    credentials: SESSION_CREDENTIALS,
  });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  const month = String(statement.month).padStart(2, '0');
  link.download = `fanmission-statement-${statement.year}-${month}-${statement.id}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
