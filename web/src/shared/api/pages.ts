import type { Page } from '@fanmission/contracts';
import { api, ApiError, type RequestOptions } from './client';

export const EMPTY_PAGE: Page<never> = { content: [], totalPages: 0, totalElements: 0, number: 0, size: 0, last: true };

/** A call that got no answer at all (offline, a dropped connection), as opposed to the server's refusal. */
export const unanswered = (error: unknown): boolean =>
  error !== null && error !== undefined && !(error instanceof ApiError);

/**
 * One page of a list; a failed call warns (`what` names the list) and reads as an empty last page, so scroll
 * loading stops. `offline: 'throw'`: a call without an answer fails the query instead, so that the page can say it is
 * offline (`OfflineState`) rather than that the list is empty.
 */
export async function fetchPageOrEmpty<Item>(
  path: string,
  query: RequestOptions['query'],
  what: string,
  options: { offline?: 'empty' | 'throw' } = {},
): Promise<Page<Item>> {
  try {
    const { data } = await api<Page<Item>>(path, { query });
    return data && Array.isArray(data.content) ? data : EMPTY_PAGE;
  } catch (error) {
    if (options.offline === 'throw' && unanswered(error)) throw error;
    console.warn(`${what} could not be loaded`, error);
    return EMPTY_PAGE;
  }
}

/** Infinite lists: the next page number, or none after the last (or an empty) page. */
export function nextPageParam(last: Page<unknown>, pages: Page<unknown>[]): number | undefined {
  return last.last || last.content.length === 0 ? undefined : pages.length;
}
