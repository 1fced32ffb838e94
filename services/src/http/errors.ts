import type { ErrorCode } from '@fanmission/contracts';
import type { MessageKey, MessageParams } from '../i18n';

/** A field problem found by a service (beyond what the request schema checks). */
export interface FieldProblem {
  field: string;
  key: MessageKey;
  params?: MessageParams;
  rejectedValue?: unknown;
}

/**
 * An error a route answers with on purpose. The message is a catalogue key, translated into the caller's language
 * by the error handler; `code` is the machine-readable reason.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly options: {
      params?: MessageParams;
      code?: ErrorCode;
      fields?: FieldProblem[];
      /** Sent as the Retry-After header (429, 503). */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** Fastify and its plugins read the status from here. */
  get statusCode(): number {
    return this.status;
  }
}

export const notFound = (key: MessageKey = 'error.notFound', params?: MessageParams) =>
  new AppError(404, key, { code: 'NOT_FOUND', ...(params && { params }) });

/** 403 with the literal `access denied`; never says whether the thing exists. */
export const accessDenied = () => new AppError(403, 'error.accessDenied', { code: 'ACCESS_DENIED' });

export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED', key: MessageKey = 'error.unauthorized') =>
  new AppError(401, key, { code });

export const conflict = (key: MessageKey = 'error.conflict', fields?: FieldProblem[]) =>
  new AppError(409, key, { code: 'CONFLICT', ...(fields && { fields }) });

export const invalidFields = (fields: FieldProblem[]) =>
  new AppError(400, 'error.validation', { code: 'VALIDATION_FAILED', fields });
