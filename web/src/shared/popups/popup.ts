export type { Popup } from '@fanmission/contracts';

/** Popup colours are stored with or without the leading '#'. */
export function popupColour(value: string | null, fallback: string): string {
  if (!value) return fallback;
  return value.startsWith('#') ? value : `#${value}`;
}
