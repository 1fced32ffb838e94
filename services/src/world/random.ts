/** A seeded pseudo-random source (mulberry32): the same seed gives the same world. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform whole number in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  /**
   * An index in [0, n) where low indexes are far more likely (u^skew): with skew 3, the first 10 % of the indexes
   * get about 46 % of the picks and the first 1 % about 22 % (a few creators hold most of the followers).
   */
  skewed(n: number, skew = 3): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** skew));
  }

  /** A count of at least `min`, most often `min`, with a long tail up to `max`. */
  tail(min: number, max: number, skew = 4): number {
    return min + Math.floor((max - min + 1) * this.next() ** skew);
  }
}
