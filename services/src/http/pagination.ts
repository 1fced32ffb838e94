import type { Page, PageQuery } from '@fanmission/contracts';

/** Builds the page envelope every list answers with (page index from 0). */
export function toPage<Item>(content: Item[], totalElements: number, { page, size }: PageQuery): Page<Item> {
  const totalPages = Math.ceil(totalElements / size);
  return { content, totalPages, totalElements, number: page, size, last: page >= totalPages - 1 };
}

export function pageOffset({ page, size }: PageQuery): number {
  return page * size;
}
