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

const NUL = '\u0000';
const MAX_DEPTH = 32;

/**
 * The paths of the strings (keys included) holding a NUL character (U+0000) in a request part: PostgreSQL stores no
 * such text, so a value carrying one is refused before any route reads it, whatever the route's schema.
 */
export function nulCharacterPaths(
  data: unknown,
  path: PropertyKey[] = [],
  found: PropertyKey[][] = [],
): PropertyKey[][] {
  if (typeof data === 'string') {
    if (data.includes(NUL)) found.push(path);
  } else if (data !== null && typeof data === 'object' && path.length < MAX_DEPTH) {
    for (const [key, value] of Object.entries(data)) {
      const at = [...path, Array.isArray(data) ? Number(key) : key];
      if (key.includes(NUL)) found.push(at);
      else nulCharacterPaths(value, at, found);
    }
  }
  return found;
}

function nulCharacterIssues(data: unknown): core.$ZodIssue[] {
  return nulCharacterPaths(data).map((path) => ({
    code: 'custom',
    path,
    message: 'validation.nulCharacter',
    input: undefined,
  }));
}

/**
 * Validates with zod, keeping each issue's input so the error handler can localise the message and report the
 * rejected value. Every part (params, query, body, headers) is refused first when a string in it holds a NUL
 * character, so no route has to check.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = nulCharacterIssues(data);
    if (nul.length > 0) return { error: new RequestValidationError(nul, httpPart, data) };
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues, httpPart, data) };
  };
