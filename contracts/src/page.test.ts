import { describe, expect, it } from 'vitest';
import { pageOffset, toPage } from './page';

describe('toPage', () => {
  it('describes a middle page', () => {
    expect(toPage(['d', 'e', 'f'], 10, { page: 1, size: 3 })).toEqual({
      content: ['d', 'e', 'f'],
      totalPages: 4,
      totalElements: 10,
      number: 1,
      size: 3,
      last: false,
    });
  });
  it('marks the last page and an empty result as last', () => {
    expect(toPage(['j'], 10, { page: 3, size: 3 }).last).toBe(true);
    expect(toPage([], 0, { page: 0, size: 12 })).toMatchObject({ totalPages: 0, last: true });
  });
  it('computes offsets', () => {
    expect(pageOffset({ page: 2, size: 12 })).toBe(24);
  });
});
