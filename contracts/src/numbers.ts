/*
 * How people read numbers, everywhere the product writes one: a quantity (coins, won, counts) with thousands
 * separators, `1,870`, the same in Korean, English and Japanese whatever the reader's browser is set to; an identifier
 * (a year, a number that names a thing) as it is, `2026`, `#1339`.
 */

const grouped = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 2 });

/** A quantity as people read it: `1,870`, `-500`, `12.5`. */
export const formatNumber = (value: number): string => grouped.format(value);

/** Message parameters that name a thing or a point in a series rather than count, besides `id` and `…Id`. */
const IDENTIFIER_PARAMETERS = new Set(['n', 'nonce', 'year', 'version', 'number']);

const isIdentifier = (name: string) => name === 'id' || name.endsWith('Id') || IDENTIFIER_PARAMETERS.has(name);

/**
 * A value put into a message (`{coins}`, `{{coins}}`, `%{coins}`): a quantity grouped, an identifier (`id`,
 * `creatorId`, `year`…) or a text as it is.
 */
export function formatMessageParameter(name: string | undefined, value: unknown): unknown {
  if (typeof value !== 'number' || (name !== undefined && isIdentifier(name))) return value;
  return formatNumber(value);
}
