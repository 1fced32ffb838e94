import type { z } from 'zod';

/** Field → message key (the contracts' custom messages are keys of the shared message catalogue). */
export type FieldErrors = Record<string, string>;

const MESSAGE_KEY = /^[a-z][A-Za-z]*\.[A-Za-z]+$/;

/** A schema message as a catalogue key: the contracts' custom messages are keys, zod's own ones are not. */
export function messageKey(message: string): string {
  return MESSAGE_KEY.test(message) ? message : 'validation.invalid';
}

/** Validates with a contracts schema and keeps the first message per top-level field. */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { ok: true; data: z.infer<Schema> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (!(field in errors)) errors[field] = messageKey(issue.message);
  }
  return { ok: false, errors };
}

/** Only digits: the spec's numeric phone fields drop anything else as it is typed. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A phone or bank account number as people write and copy it (`010-1234-5678`, `123 456 78`): its digits; null when
 * anything but digits, hyphens and spaces is in it. The API takes the digits alone.
 */
export function typedNumber(value: string): string | null {
  const trimmed = value.trim();
  return /^[\d\s-]+$/.test(trimmed) ? digitsOnly(trimmed) : null;
}
