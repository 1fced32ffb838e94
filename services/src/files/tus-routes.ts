import { Readable } from 'node:stream';
import {
  FILE_LIMITS,
  MEMBER_UPLOAD_PURPOSES,
  noContentSchema,
  RESUMABLE_UPLOAD_EXPIRY_HOURS,
  resumableUploadParamsSchema,
  uploadedFileSchema,
  type UploadPurpose,
} from '@fanmission/contracts';
import type { DataStore } from '@tus/utils';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, requireCaller } from '../auth';
import { AppError, conflict, errorResponses, invalidFields, notFound } from '../http';
import { DEFAULT_UPLOAD_QUOTA, reserveUploadBytes, type UploadQuota } from './quota';
import { findFileById } from './repository';
import {
  abandonUpload,
  createTusServer,
  findResumableUpload,
  newUploadId,
  policyOfPurpose,
  type ResumableUploadRow,
  resumableStoreFor,
  type TusRequestState,
} from './resumable-uploads';
import { uploadedFile } from './routes';
import * as files from './service';
import type { StorageDriver } from './storage-driver';
import { fileTooLarge } from './upload-stream';

/**
 * Who may use an endpoint beyond a signed-in caller, for the console's under `/api/admin`: the routes' `config` (the
 * admin resource they write to) and a check run before anything of the request is read (the resource's role, for
 * `HEAD` and `GET` too).
 */
export interface ResumableUploadAccess {
  config: FastifyContextConfig;
  check: (request: FastifyRequest) => unknown;
  /** Who may, for the OpenAPI document: "Operators only, …". */
  summary: string;
}

export interface ResumableUploadRoutesOptions {
  storage: StorageDriver;
  /** The purposes this endpoint takes: the members' (MEMBER_UPLOAD_PURPOSES) unless told. */
  purposes?: readonly UploadPurpose[];
  access?: ResumableUploadAccess;
  /** The OpenAPI document's tags of the routes; `files` unless told. */
  tags?: string[];
  /** Tests pass small limits and quotas. */
  policy?: files.UploadPolicy;
  quota?: UploadQuota;
  datastore?: DataStore;
}

const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

const tusHeaders = z.object({ 'tus-resumable': z.literal('1.0.0').describe('The tus protocol version.') }).loose();

const creationHeaders = (purposes: readonly UploadPurpose[]) =>
  tusHeaders.extend({
    'upload-length': z.string().regex(/^\d+$/).describe('The file’s size in bytes (a deferred length is refused).'),
    'upload-metadata': z
      .string()
      .describe(
        'Comma-separated `key base64(value)` pairs: `filename`, `filetype` (the declared MIME type) and `purpose` ' +
          `(${purposes.join(', ')}).`,
      ),
  });

const patchHeaders = tusHeaders.extend({
  'upload-offset': z.string().regex(/^\d+$/).describe('Where these bytes start; must equal the stored offset.'),
  'content-type': z.literal(TUS_CONTENT_TYPE),
});

/** `Upload-Metadata`: `key base64value` pairs separated by commas (tus 1.0, Creation extension). */
export function parseUploadMetadata(header: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

const megabytes = (bytes: number) => `${bytes / 1024 ** 2} MB`;

/** What each purpose takes, for the OpenAPI document: "`cover`: image ≤ 5 MB; …". */
function describedLimits(purposes: readonly UploadPurpose[], attachments: files.UploadPolicy): string {
  return purposes
    .map((purpose) => {
      const kinds = Object.entries(policyOfPurpose(purpose, attachments).maxBytes).map(
        ([kind, bytes]) => `${kind} ≤ ${megabytes(bytes)}`,
      );
      return `\`${purpose}\`: ${kinds.join(', ')}`;
    })
    .join('; ');
}

/**
 * Resumable uploads on tus 1.0 (Core, Creation, Termination and Expiration extensions) with `@tus/server`: Fastify
 * routes check the caller, the ownership and the creation's metadata, then hand a web Request to the tus server and
 * send back its answer. Errors of our own keep the API's error shape and the caller's language. Registered once per
 * endpoint, at `files/tus` under the plugin's prefix: the members' (`/api/v1`) and the console's (`/api/admin`, its
 * purposes and access given). An upload is known only at the endpoint of its purpose.
 */
export async function resumableUploadRoutes(app: FastifyInstance, options: ResumableUploadRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const endpoint = `${app.prefix}/files/tus`;
  const purposes = options.purposes ?? MEMBER_UPLOAD_PURPOSES;
  const tags = options.tags ?? ['files'];
  const { access } = options;
  const config = access?.config ?? {};
  // The access check before the request is read, its refusal, and who passes it.
  const checked = access ? { onRequest: async (request: FastifyRequest) => void access.check(request) } : {};
  const forbidden = access ? errorResponses(403) : {};
  const who = access ? ` ${access.summary}` : '';
  const attachmentPolicy = options.policy ?? files.ATTACHMENT_POLICY;
  const quota = options.quota ?? DEFAULT_UPLOAD_QUOTA;
  const datastore = options.datastore ?? resumableStoreFor(app.config);
  const states = new WeakMap<Request, TusRequestState>();
  const refusals = new Map<string, AppError>();
  const tus = createTusServer({
    path: endpoint,
    ctx: app.ctx,
    storage: options.storage,
    datastore,
    attachmentPolicy,
    states,
    refusals,
    describeFile: (row) => uploadedFile(app, null, row),
  });

  // The bytes of a PATCH are streamed to tus, never parsed.
  app.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));

  async function handOver(request: FastifyRequest, reply: FastifyReply, state: TusRequestState = {}) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const withBody = request.method === 'PATCH' || request.headers['content-type'] === TUS_CONTENT_TYPE;
    // tus reads the upload's id from the URL's last segment: it gets the path the route checked (the id of the
    // caller's own upload, or none for a creation), never the request's URL with its query string.
    const { uploadId } = (request.params ?? {}) as { uploadId?: string };
    // An upload's address is the path the creation answered: one with query parameters is no address the API gave.
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (uploadId !== undefined && Object.keys(query).length > 0) throw notFound();
    const path = uploadId === undefined ? endpoint : `${endpoint}/${encodeURIComponent(uploadId)}`;
    const webRequest = new Request(`http://api${path}`, {
      method: request.method,
      headers,
      ...(withBody && { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' }),
    } as RequestInit);
    states.set(webRequest, state);
    const response = await tus.handleWeb(webRequest);
    if (!request.raw.complete && withBody) reply.header('connection', 'close');
    const refusal = state.uploadId === undefined ? undefined : refusals.get(state.uploadId);
    if (refusal) refusals.delete(state.uploadId!);
    const failure = refusal ?? state.failure;
    if (failure) throw failure;
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    reply.header('cache-control', 'no-store');
    const body = await response.text();
    return reply.send(body === '' ? null : body);
  }

  async function ownUpload(caller: Caller, uploadId: string): Promise<ResumableUploadRow> {
    const row = await findResumableUpload(app.db, uploadId);
    // Someone else's upload is as unknown as a missing one, and so is one of the other endpoint.
    if (!row || row.owner_user_id !== caller.id || !purposes.includes(row.purpose as UploadPurpose)) throw notFound();
    return row;
  }

  const expiry = `Unfinished uploads expire ${RESUMABLE_UPLOAD_EXPIRY_HOURS} h after their creation (\`Upload-Expires\`).`;

  routes.post(
    '/files/tus',
    {
      config,
      ...checked,
      schema: {
        tags,
        summary: 'Start a resumable upload (tus 1.0 creation)',
        description:
          'An empty POST with `Tus-Resumable: 1.0.0`, `Upload-Length` and `Upload-Metadata` (`filename`, `filetype`, ' +
          '`purpose`). Checked at once: a purpose this endpoint does not take is 400, a declared type the purpose ' +
          'does not take 415 `UNKNOWN_FILE_FORMAT` (no type, or `application/octet-stream`, is left to the first ' +
          `bytes), a length over its kind’s limit (${describedLimits(purposes, attachmentPolicy)}) 413 ` +
          '`FILE_TOO_LARGE`, the upload quota 429 `TOO_MANY_REQUESTS` (the declared length is reserved of the day’s ' +
          `bytes until the upload ends). Answers 201 with \`Location: ${endpoint}/{uploadId}\`. ` +
          expiry +
          who,
        security: [{ bearerAuth: [] }],
        headers: creationHeaders(purposes),
        response: { 201: noContentSchema, ...errorResponses(400, 401, 413, 415, 429), ...forbidden },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (request.headers['upload-defer-length'] !== undefined) {
        throw invalidFields([{ field: 'Upload-Length', key: 'files.uploadLengthRequired' }]);
      }
      const size = Number(request.headers['upload-length']);
      const metadata = parseUploadMetadata(request.headers['upload-metadata']);
      const purpose = purposes.find((taken) => taken === metadata.purpose);
      if (!purpose) throw invalidFields([{ field: 'purpose', key: 'files.unknownPurpose' }]);
      const policy = policyOfPurpose(purpose, attachmentPolicy);
      const declaredType = metadata.filetype ?? '';
      // Browsers declare no type for some files (HEIC on most desktops): their first bytes decide, within the
      // purpose's largest limit until then.
      const undeclared = declaredType === '' || declaredType === 'application/octet-stream';
      const kind = files.kindOfMime(declaredType);
      const kindMaxBytes = undeclared ? files.largestAllowedBytes(policy) : kind ? policy.maxBytes[kind] : undefined;
      if (!kindMaxBytes) {
        throw new AppError(415, policy.rejectedKindKey, {
          code: 'UNKNOWN_FILE_FORMAT',
          fields: [{ field: 'filetype', key: policy.rejectedKindKey, rejectedValue: metadata.filetype ?? '' }],
        });
      }
      if (size > Math.min(kindMaxBytes, FILE_LIMITS.mediaBytes)) throw fileTooLarge(kindMaxBytes);
      const reservation = await reserveUploadBytes(app.db, caller, quota, size, RESUMABLE_UPLOAD_EXPIRY_HOURS, {
        exactly: true,
      });
      const uploadId = newUploadId();
      await app.db
        .insertInto('resumable_uploads')
        .values({
          id: uploadId,
          owner_user_id: caller.id,
          purpose,
          filename: files.displayFilename(metadata.filename ?? '', 'bin'),
          declared_type: metadata.filetype ?? '',
          size_bytes: size,
          reservation_id: reservation.id,
          expires_at: new Date(app.ctx.now().getTime() + RESUMABLE_UPLOAD_EXPIRY_HOURS * 3600_000),
        })
        .execute();
      try {
        const answer = await handOver(request, reply, { uploadId });
        if (reply.statusCode !== 201) {
          const row = await findResumableUpload(app.db, uploadId);
          if (row) await abandonUpload(app.db, datastore, row);
        }
        return answer;
      } catch (error) {
        const row = await findResumableUpload(app.db, uploadId);
        if (row) await abandonUpload(app.db, datastore, row);
        throw error;
      }
    },
  );

  routes.head(
    '/files/tus/:uploadId',
    {
      // Declared HEAD routes are left out of the OpenAPI document unless they ask.
      config: { ...config, swagger: { exposeHeadRoute: true } },
      ...checked,
      schema: {
        tags,
        summary: 'Where a resumable upload stands (tus 1.0)',
        description:
          '`Upload-Offset` (the bytes stored) and `Upload-Length`. Once complete, also `Upload-File-Id`, the file ' +
          'it became. Someone else’s upload, or an expired one, is 404. ' +
          expiry +
          who,
        security: [{ bearerAuth: [] }],
        params: resumableUploadParamsSchema,
        headers: tusHeaders,
        response: { 200: noContentSchema, ...errorResponses(400, 401, 404), ...forbidden },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const row = await ownUpload(caller, request.params.uploadId);
      if (row.file_id !== null) {
        return reply
          .code(200)
          .headers({
            'tus-resumable': '1.0.0',
            'upload-offset': String(row.size_bytes),
            'upload-length': String(row.size_bytes),
            'upload-file-id': String(row.file_id),
            'cache-control': 'no-store',
          })
          .send(null);
      }
      return handOver(request, reply);
    },
  );

  routes.patch(
    '/files/tus/:uploadId',
    {
      config,
      ...checked,
      schema: {
        tags,
        summary: 'Send the next bytes of a resumable upload (tus 1.0)',
        description:
          '`Content-Type: application/offset+octet-stream` with `Upload-Offset` equal to the stored offset (409 ' +
          'otherwise). The type is recognised from the first bytes as they arrive: a type the purpose does not ' +
          'take is 400 `UNKNOWN_FILE_FORMAT`, a length over the recognised kind’s limit 413, and the upload ends ' +
          'there. The PATCH that brings the last byte answers 200 once the file exists, with the file (as a ' +
          'multipart upload answers it) and its id in `Upload-File-Id` (the file is made like a multipart upload’s: ' +
          'pictures lose their metadata, media are queued for renditions). Someone else’s upload is 404. One ' +
          'request writes an upload at a time, whichever API process it reaches.' +
          who,
        security: [{ bearerAuth: [] }],
        params: resumableUploadParamsSchema,
        headers: patchHeaders,
        consumes: [TUS_CONTENT_TYPE],
        response: {
          200: uploadedFileSchema,
          204: noContentSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415),
          ...forbidden,
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await ownUpload(caller, request.params.uploadId);
      return handOver(request, reply, { uploadId: request.params.uploadId });
    },
  );

  routes.delete(
    '/files/tus/:uploadId',
    {
      config,
      ...checked,
      schema: {
        tags,
        summary: 'Give up a resumable upload (tus 1.0 termination)',
        description:
          'Its bytes and its quota reservation go at once. Someone else’s upload, or a finished one, is 404.' + who,
        security: [{ bearerAuth: [] }],
        params: resumableUploadParamsSchema,
        headers: tusHeaders,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 404), ...forbidden },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const row = await ownUpload(caller, request.params.uploadId);
      if (row.file_id !== null) throw notFound();
      await abandonUpload(app.db, datastore, row);
      return reply.code(204).header('tus-resumable', '1.0.0').send(null);
    },
  );

  routes.get(
    '/files/tus/:uploadId/file',
    {
      config,
      ...checked,
      schema: {
        tags,
        summary: 'The file a finished resumable upload became',
        description:
          'The same answer as a multipart upload’s, for a client that missed `Upload-File-Id`. 409 while bytes are ' +
          'missing; someone else’s upload, or an expired one, is 404.' +
          who,
        security: [{ bearerAuth: [] }],
        params: resumableUploadParamsSchema,
        response: { 200: uploadedFileSchema, ...errorResponses(400, 401, 404, 409), ...forbidden },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const row = await ownUpload(caller, request.params.uploadId);
      if (row.file_id === null) throw conflict('files.uploadIncomplete');
      const file = await findFileById(app.db, row.file_id);
      if (!file) throw notFound();
      return uploadedFile(app, request, file);
    },
  );
}
