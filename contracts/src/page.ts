import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZES } from './limits';

/** A page of results; `number` is the page index from 0. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    content: z.array(item),
    totalPages: z.number().int().nonnegative(),
    totalElements: z.number().int().nonnegative(),
    number: z.number().int().nonnegative(),
    size: z.number().int().positive(),
    last: z.boolean(),
  });
}
export type Page<Item> = {
  content: Item[];
  totalPages: number;
  totalElements: number;
  number: number;
  size: number;
  last: boolean;
};

export function pageQuerySchema(defaultSize: number = PAGE_SIZES.default) {
  return z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize),
  });
}
export type PageQuery = { page: number; size: number };

/** Builds the page envelope every list answers with (page index from 0). */
export function toPage<Item>(content: Item[], totalElements: number, { page, size }: PageQuery): Page<Item> {
  const totalPages = Math.ceil(totalElements / size);
  return { content, totalPages, totalElements, number: page, size, last: page >= totalPages - 1 };
}

/** The number of rows before the page. */
export function pageOffset({ page, size }: PageQuery): number {
  return page * size;
}
