import { z } from 'zod';

export const subErrorSchema = z
  .object({
    field: z.string(),
    message: z.string(),
    rejectedValue: z.unknown().optional(),
  })
  .meta({ id: 'SubError' });
export type SubError = z.infer<typeof subErrorSchema>;

/** 401 codes the client reacts to by clearing the session. */
export const AUTH_ERROR_CODES = ['EXPIRED_TOKEN', 'INVALID_TOKEN', 'UNSUPPORTED_TOKEN', 'OAUTH2'] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const ERROR_CODES = [
  ...AUTH_ERROR_CODES,
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'ACCESS_DENIED',
  'CONFLICT',
  'UNAUTHORIZED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponseSchema = z
  .object({
    message: z.string(),
    status: z.number().int(),
    code: z.string().optional(),
    subErrors: z.array(subErrorSchema).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The message of every 403, which the client matches literally. */
export const ACCESS_DENIED_MESSAGE = 'access denied';

/** The code of a request or a lucky roll the held coins do not cover (409); the web opens the charge modal on it. */
export const NOT_ENOUGH_COINS = 'NOT_ENOUGH_COINS';
