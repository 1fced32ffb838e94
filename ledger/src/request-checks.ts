// The checks of a ledger request's fields, before anything is read: a malformed request is an invalid command
// (a LedgerError), never a refusal remembered under its key.
import type { CommandContext } from './commands';
import { invalidCommand } from './errors';

export function validateContext(context: CommandContext): void {
  if (typeof context.idempotencyKey !== 'string' || context.idempotencyKey.length === 0) {
    throw invalidCommand('idempotencyKey', context.idempotencyKey, 'a non-empty string');
  }
  if (context.idempotencyKey.length > 200) {
    throw invalidCommand('idempotencyKey', context.idempotencyKey, 'at most 200 characters');
  }
  if (!(context.now instanceof Date) || Number.isNaN(context.now.getTime())) {
    throw invalidCommand('now', context.now, 'a valid Date');
  }
}

export function requireCoins(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw invalidCommand(field, value, 'a positive whole number');
}

export function requireId(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw invalidCommand(field, value, 'a positive integer id');
}

export function requireText(field: string, value: string): void {
  if (typeof value !== 'string' || value.length === 0) throw invalidCommand(field, value, 'a non-empty string');
}
