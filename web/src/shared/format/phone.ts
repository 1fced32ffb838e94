/**
 * A Korean phone number as people write it: mobile `010-5555-7777` (or `011-555-7777`), Seoul `02-555-7777`, other
 * areas `031-555-7777`; anything else (a foreign or a partial number) as it was given.
 */
export function formatPhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits !== value.replace(/[\s-]/g, '')) return value;
  const seoul = digits.match(/^(02)(\d{3,4})(\d{4})$/);
  if (seoul) return `${seoul[1]}-${seoul[2]}-${seoul[3]}`;
  const other = digits.match(/^(0\d{2})(\d{3,4})(\d{4})$/);
  if (other) return `${other[1]}-${other[2]}-${other[3]}`;
  return value;
}
