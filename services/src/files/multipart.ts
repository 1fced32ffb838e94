import fastifyMultipart from '@fastify/multipart';
import { FILE_LIMITS } from '@fanmission/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError, invalidFields, zodValidatorCompiler } from '../http';
import type { IncomingFile } from './service';

/**
 * multipart/form-data for the upload routes, read as a stream (never buffered whole). The parser's own limits are
 * the outer fence; each route passes its tighter one when it reads its file.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: FILE_LIMITS.mediaBytes + 1,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 20,
      headerPairs: 100,
    },
  });
}

/**
 * The request's file in the named form field, unread. One byte over `maxBytes` is let through so the service can
 * tell "exactly at the limit" from "over it".
 */
export async function readFilePart(request: FastifyRequest, field: string, maxBytes: number): Promise<IncomingFile> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'error.unsupportedMediaType', { code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  const part = await request.file({ limits: { fileSize: maxBytes + 1 } }).catch((error: unknown) => {
    throw unreadableBody(error);
  });
  if (!part || part.fieldname !== field) {
    part?.file.destroy();
    throw invalidFields([{ field, key: 'validation.required' }]);
  }
  return { field, filename: part.filename, stream: part.file, truncated: () => part.file.truncated };
}

/**
 * A failure of the multipart parser (busboy) on the client's bytes, before or while the file streams: no boundary
 * ("Multipart: Boundary not found"), a body or a file part cut off ("… unexpected end of multipart data"). The parser
 * raises plain errors for these; they are the client's mistake (400), not the server's. The plugin's own errors (a
 * limit passed) carry their status, and anything else (storage, image tools) is the server's: both stay as they are.
 */
export function unreadableBody(error: unknown): unknown {
  const fromParser = error instanceof Error && !('statusCode' in error) && /multipart|boundary/i.test(error.message);
  return fromParser ? new AppError(400, 'error.malformedBody', { code: 'VALIDATION_FAILED' }) : error;
}

/**
 * Runs an upload. When it is refused before the request body was read to its end (wrong type, too large), the
 * connection is closed after the answer instead of being left waiting for bytes nobody will read. A body the
 * multipart parser cannot read is the client's 400 (`unreadableBody`).
 */
export async function closeConnectionOnFailure<Result>(
  request: FastifyRequest,
  reply: FastifyReply,
  upload: () => Promise<Result>,
): Promise<Result> {
  try {
    return await upload();
  } catch (error) {
    if (!request.raw.complete) reply.header('connection', 'close');
    throw unreadableBody(error);
  }
}

/**
 * Documents a multipart/form-data body with one binary field (OpenAPI: `type: string, format: binary`). Not checked
 * up front: see `streamedBodyValidator`.
 */
export function multipartFileBody<const Field extends string>(field: Field, description: string) {
  return z
    .object({ [field]: z.file().describe(description) } as Record<Field, z.ZodFile>)
    .describe(`multipart/form-data with the file in the form field \`${field}\``);
}

/**
 * The validator of upload routes: params and query are checked as everywhere, the body is not, because nothing of
 * it has been read when validation runs; the handler streams it and checks the file itself.
 */
export function streamedBodyValidator<Schema>(
  route: Parameters<FastifySchemaCompiler<Schema>>[0],
): ReturnType<FastifySchemaCompiler<Schema>> {
  if (route.httpPart === 'body') return (body) => ({ value: body });
  return zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]);
}
