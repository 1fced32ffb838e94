import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import type { core } from 'zod';

/** A request part (body, querystring, params, headers) that failed its zod schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: core.$ZodIssue[],
    readonly httpPart: string | undefined,
    /** The request part as it arrived, before any coercion, for reporting rejected values. */
    readonly data: unknown,
  ) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates with zod, keeping each issue's input so the error handler can localise the message and report the
 * rejected value.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues, httpPart, data) };
  };
