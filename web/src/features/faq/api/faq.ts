import { PAGE_SIZES, type Faq, type FaqCategory, type Page } from '@fanmission/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** A failed or missing FAQ call warns and shows the empty message. */
export async function fetchFaqPage(type: FaqCategory, page: number): Promise<Page<Faq> | null> {
  try {
    const { data } = await api<Page<Faq>>('/board/faq', {
      query: { direction: 'ASC', page, size: PAGE_SIZES.faq, type },
    });
    return data && Array.isArray(data.content) ? data : null;
  } catch (error) {
    console.warn('the FAQ could not be loaded', error);
    return null;
  }
}

export const faqQueryOptions = (category: FaqCategory, page: number) =>
  queryOptions({ queryKey: queryKeys.faq(category, page), queryFn: () => fetchFaqPage(category, page) });

export function useFaq(category: FaqCategory, page: number) {
  return useQuery(faqQueryOptions(category, page));
}
