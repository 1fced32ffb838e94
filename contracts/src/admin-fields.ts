import { z } from 'zod';

// Field shapes the console's schemas share (./admin-console.ts, ./admin-catalog.ts, ./admin-ledger.ts).

/** A required text of at most `max` characters, trimmed. */
export const limitedText = (max: number) => z.string().trim().min(1, { error: 'validation.required' }).max(max);

/** An ISO 8601 instant with its offset. */
export const isoDateTime = z.iso.datetime({ offset: true });
