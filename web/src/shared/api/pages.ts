import type { Page } from '@fanmission/contracts';
import { api, type RequestOptions } from './client';

export const EMPTY_PAGE: Page<never> = { content: [], totalPages: 0, totalElements: 0, number: 0, size: 0, last: true };

/**
 * One page of a list; a failed call warns (`what` names the list) and reads as an empty last page, so scroll
 * loading stops.
 */
export async function fetchPageOrEmpty<Item>(
  path: string,
  query: RequestOptions['query'],
  what: string,
): Promise<Page<Item>> {
  try {
    const { data } = await api<Page<Item>>(path, { query });
    return data && Array.isArray(data.content) ? data : EMPTY_PAGE;
  } catch (error) {
    console.warn(`${what} could not be loaded`, error);
    return EMPTY_PAGE;
  }
}

/** Infinite lists: the next page number, or none after the last (or an empty) page. */
export function nextPageParam(last: Page<unknown>, pages: Page<unknown>[]): number | undefined {
  return last.last || last.content.length === 0 ? undefined : pages.length;
}
