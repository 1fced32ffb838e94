/**
 * What a fan spends on average for one win of a lucky roulette: the price of a roll divided by the chance of
 * winning it (`winProbability` is a percentage, 0.1–10 in contracts/src/limits.ts), rounded to whole coins.
 * Null when the product has no chance set.
 */
export function expectedCoinsPerWin(
  coinPrice: number,
  winProbabilityPercent: number | null | undefined,
): number | null {
  if (!winProbabilityPercent || winProbabilityPercent <= 0) return null;
  return Math.round((coinPrice * 100) / winProbabilityPercent);
}
