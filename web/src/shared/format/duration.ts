/**
 * An amount of a unit in the reader's own words and plurals (Intl's units): "5.7일", "5.7 days", "5.7日". Japanese
 * writes the unit right after the number, with no space (ICU puts one there).
 */
export function unitAmount(language: string, amount: number, unit: 'day' | 'hour', maximumFractionDigits = 0): string {
  const text = new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits,
  }).format(amount);
  return language.startsWith('ja') ? text.replace(/(\d)\s+(?=\S)/u, '$1') : text;
}
