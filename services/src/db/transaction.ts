import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** Repositories take either the pool or an open transaction; only services open transactions. */
export type DbExecutor = Kysely<Database> | Transaction<Database>;

/** SQLSTATE of a unique-constraint violation, with the constraint's name. */
export function uniqueViolation(error: unknown): string | undefined {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' ? (pgError.constraint ?? '') : undefined;
}
