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

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a text is refused whatever the route's schema: a NUL character (U+0000), which PostgreSQL stores in no text, or
 * an unpaired UTF-16 surrogate (`"\ud800"` in JSON), which no jsonb column takes (an outbox event, an audit row).
 */
function refusedText(text: string): 'validation.nulCharacter' | 'validation.loneSurrogate' | null {
  if (text.includes(NUL)) return 'validation.nulCharacter';
  return LONE_SURROGATE.test(text) ? 'validation.loneSurrogate' : null;
}

/**
 * The paths of the strings (keys included) of a request part holding a refused character, each with its message:
 * refused before any route reads it.
 */
export function refusedCharacterPaths(
  data: unknown,
  path: PropertyKey[] = [],
  found: { path: PropertyKey[]; message: string }[] = [],
): { path: PropertyKey[]; message: string }[] {
  if (typeof data === 'string') {
    const message = refusedText(data);
    if (message) found.push({ path, message });
  } else if (data !== null && typeof data === 'object' && path.length < MAX_DEPTH) {
    for (const [key, value] of Object.entries(data)) {
      const at = [...path, Array.isArray(data) ? Number(key) : key];
      const message = refusedText(key);
      if (message) found.push({ path: at, message });
      else refusedCharacterPaths(value, at, found);
    }
  }
  return found;
}

function refusedCharacterIssues(data: unknown): core.$ZodIssue[] {
  return refusedCharacterPaths(data).map(({ path, message }) => ({ code: 'custom', path, message, input: undefined }));
}

/**
 * Validates with zod, keeping each issue's input so the error handler can localise the message and report the
 * rejected value. Every part (params, query, body, headers) is refused first when a string in it holds a NUL
 * character or an unpaired surrogate, so no route has to check.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const refused = refusedCharacterIssues(data);
    if (refused.length > 0) return { error: new RequestValidationError(refused, httpPart, data) };
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues, httpPart, data) };
  };
