/*
 * The order of a verify report: where each difference comes in a replay of the whole log, and the first few
 * differences in that order, kept in memory bounded by the report's length while every one is counted.
 */
import { compareAccounts } from './accounts';
import type { VerifyDifference } from './replay';

/**
 * Where a difference comes in a replay of the whole log: [transaction id, step, key within the step, sub-step].
 * Steps within a transaction as `evolve` takes them: 0 too few postings, 1 unbalanced, 2 lot movements by lot id
 * (0 the lot itself, 1 its escrow portion), 3 lots not explaining postings by account, 4 negative balances by
 * account. After the log (id Infinity): 0 balances by account, 1 lots by id and field.
 */
export type SortKey = readonly [number, number, (string | number)?, number?];

const compareKeys = (a: SortKey, b: SortKey): number => {
  for (let index = 0; index < 4; index++) {
    const x = a[index];
    const y = b[index];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return compareAccounts(String(x), String(y));
  }
  return 0;
};

/** The first `limit` differences in report order, in memory bounded by `limit`; counts every one. */
export class FirstDifferences {
  count = 0;
  private kept: { key: SortKey; sequence: number; difference: VerifyDifference }[] = [];

  constructor(private readonly limit: number) {}

  add(key: SortKey, difference: VerifyDifference): void {
    this.count += 1;
    if (this.limit === 0) return;
    this.kept.push({ key, sequence: this.count, difference });
    if (this.kept.length >= 2 * this.limit) this.trim();
  }

  first(): VerifyDifference[] {
    this.trim();
    return this.kept.map((entry) => entry.difference);
  }

  private trim(): void {
    this.kept.sort((a, b) => compareKeys(a.key, b.key) || a.sequence - b.sequence);
    this.kept.length = Math.min(this.kept.length, this.limit);
  }
}
