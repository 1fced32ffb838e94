import {
  errorResponseSchema,
  languageFromAcceptLanguage,
  type ErrorResponse,
  type Language,
  type SubError,
} from '@fanmission/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z, type core } from 'zod';
import { isMessageKey, translate, type MessageKey } from '../i18n';
import { currentTraceId } from '../telemetry';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-errors';
import { AppError } from './errors';
import { RequestValidationError } from './validation';

const zodLocales: Record<Language, core.$ZodErrorMap> = {
  ko: z.locales.ko().localeError,
  en: z.locales.en().localeError,
  ja: z.locales.ja().localeError,
};

/** Values that must never be echoed back in `rejectedValue`. */
const SECRET_FIELD = /password|secret|token|code$/i;

export function fieldName(path: readonly PropertyKey[], httpPart?: string): string {
  if (path.length === 0) return httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
  return path.reduce<string>((name, segment) => {
    if (typeof segment === 'number') return `${name}[${segment}]`;
    return name ? `${name}.${String(segment)}` : String(segment);
  }, '');
}

function issueMessage(issue: core.$ZodIssue, language: Language): string {
  if (isMessageKey(issue.message)) {
    const params = (issue as { params?: Record<string, string | number> }).params;
    return translate(language, issue.message, params);
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return translate(language, 'validation.required');
  const localized = zodLocales[language](issue as unknown as core.$ZodRawIssue);
  if (typeof localized === 'string') return localized;
  return localized?.message ?? issue.message;
}

function rejectedValue(field: string, input: unknown): unknown {
  if (SECRET_FIELD.test(field)) return undefined;
  if (typeof input === 'string' && input.length > 200) return `${input.slice(0, 200)}…`;
  if (input !== null && typeof input === 'object') return undefined;
  return input;
}

/** The value at `path` in the request as it arrived (coercion may have turned "abc" into NaN). */
function rawValueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

export function subErrorsFromIssues(
  issues: core.$ZodIssue[],
  language: Language,
  httpPart?: string,
  data?: unknown,
): SubError[] {
  return issues.flatMap((issue): SubError[] => {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the alternative the request came closest to, not "matches none of them".
      const closest = issue.errors.reduce((best, candidate) => (candidate.length < best.length ? candidate : best));
      const nested = closest.map((nestedIssue) => ({ ...nestedIssue, path: [...issue.path, ...nestedIssue.path] }));
      return subErrorsFromIssues(nested as core.$ZodIssue[], language, httpPart, data);
    }
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: fieldName([...issue.path, key], httpPart),
        message: translate(language, 'validation.unknownField'),
      }));
    }
    const field = fieldName(issue.path, httpPart);
    const raw = issue.path.length > 0 && data !== undefined ? rawValueAt(data, issue.path) : issue.input;
    const value = rejectedValue(field, raw);
    return [{ field, message: issueMessage(issue, language), ...(value !== undefined && { rejectedValue: value }) }];
  });
}

function send(reply: FastifyReply, status: number, body: Omit<ErrorResponse, 'status'>) {
  const traceId = currentTraceId();
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ ...body, status, ...(traceId && { traceId }) });
}

const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'error.payloadTooLarge', code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'error.unsupportedMediaType', code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'error.malformedBody', code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'error.malformedBody', code: 'VALIDATION_FAILED' },
};

/** The one error handler: every failure leaves as `{ message, status, code?, subErrors? }` in the caller's language. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language;
    if (error instanceof RequestValidationError) {
      return send(reply, 400, {
        message: translate(language, 'error.validation'),
        code: 'VALIDATION_FAILED',
        subErrors: subErrorsFromIssues(error.issues, language, error.httpPart, error.data),
      });
    }
    if (error instanceof AppError) {
      const { params, code, fields, retryAfterSeconds } = error.options;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return send(reply, error.status, {
        message: translate(language, error.key, params),
        ...(code && { code }),
        ...(fields && {
          subErrors: fields.map((field) => ({
            field: field.field,
            message: translate(language, field.key, field.params),
            ...(field.rejectedValue !== undefined && {
              rejectedValue: rejectedValue(field.field, field.rejectedValue),
            }),
          })),
        }),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return send(reply, 500, { message: translate(language, 'error.internal'), code: 'INTERNAL_ERROR' });
    }
    const fastifyError = error as FastifyError;
    const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
    if (known) return send(reply, known.status, { message: translate(language, known.key), code: known.code });
    if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
      return send(reply, 400, { message: translate(language, 'error.malformedBody'), code: 'VALIDATION_FAILED' });
    }
    if (fastifyError.statusCode === 429) {
      return send(reply, 429, { message: translate(language, 'error.tooManyRequests'), code: 'TOO_MANY_REQUESTS' });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return send(reply, fastifyError.statusCode, { message: translate(language, 'error.malformedBody') });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, {
        message: translate(language, 'error.databaseUnavailable'),
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: translate(language, 'error.internal'), code: 'INTERNAL_ERROR' });
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a path parameter over the
 * router's 100 characters is 414; a path that does not decode, 400), answered in the API's shape in the language of
 * Accept-Language, like every other error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageFromAcceptLanguage(request.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, { message: translate(language, 'error.uriTooLong'), code: 'URI_TOO_LONG' });
  }
  return send(reply, 400, { message: translate(language, 'error.badUrl'), code: 'VALIDATION_FAILED' });
}

/**
 * Declares in every route's schema (so in the OpenAPI document) the answers that come from outside the route: 401
 * where a sent token is checked (the session hook checks every token or session cookie, unless the route ignores a
 * stale one), and 414 where a path parameter can be too long. Routes that declare them already keep theirs.
 */
export function declareFrameworkAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    if (route.config?.ignoreStaleToken !== true && !('401' in response)) response['401'] = errorResponseSchema;
    if (route.url.includes(':') && !('414' in response)) response['414'] = errorResponseSchema;
  });
}
