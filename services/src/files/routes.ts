import { idParamsSchema, noContentSchema, type UploadedFile, uploadedFileSchema } from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { accessDenied, errorResponses } from '../http';
import { translate } from '../i18n';
import { privateFileEntry, processingOf } from './file-entry';
import { closeConnectionOnFailure, multipartFileBody, readFilePart, streamedBodyValidator } from './multipart';
import { DEFAULT_UPLOAD_QUOTA, type UploadQuota, withinUploadQuota } from './quota';
import { MEMORY_CEILING_FAILURE } from './media-probe';
import { MEDIA_LIMIT_FAILURE, MEDIA_LIMITS } from './renditions';
import { findFileById } from './repository';
import * as files from './service';
import type { StorageDriver } from './storage-driver';
import type { FileRow } from './table';

export interface FileRoutesOptions {
  storage: StorageDriver;
  /** Tests pass small limits to exercise the 413 path of streamed media without sending 500 MB. */
  policy?: files.UploadPolicy;
  /** Per-user upload limits. */
  quota?: UploadQuota;
}

/** The answer of an upload; `request` gives the language of a failure's reason (none for a new file). */
export function uploadedFile(app: FastifyInstance, request: FastifyRequest | null, row: FileRow): UploadedFile {
  return {
    // Private until something public uses it: the uploader gets a signed URL.
    ...privateFileEntry(app.config, row),
    kind: row.kind,
    filename: row.filename,
    sizeBytes: row.size_bytes,
    durationSeconds: row.duration_seconds,
    processing: processingOf(row),
    processingFailure: row.processing_status === 'failed' ? processingFailure(app, request, row) : null,
  };
}

/** Why a file failed, in the caller's language: beyond the limits (which ones), past the memory ceiling, or unreadable. */
function processingFailure(app: FastifyInstance, request: FastifyRequest | null, row: FileRow): string {
  const language = request?.language ?? 'ko';
  const reason = row.processing_error ?? '';
  if (reason.startsWith(MEDIA_LIMIT_FAILURE)) {
    // As strings: the numbers are written as they are, without a thousands separator.
    return translate(language, 'files.processingFailedLimits', {
      videoMinutes: String(Math.floor(app.config.MEDIA_MAX_VIDEO_SECONDS / 60)),
      audioMinutes: String(Math.floor(app.config.MEDIA_MAX_AUDIO_SECONDS / 60)),
      side: String(MEDIA_LIMITS.maxSidePixels),
      megapixels: String(MEDIA_LIMITS.maxPixels / 1_000_000),
      frameRate: String(MEDIA_LIMITS.maxFrameRate),
    });
  }
  return translate(
    language,
    reason.startsWith(MEMORY_CEILING_FAILURE) ? 'files.processingFailedMemory' : 'files.processingFailed',
  );
}

export async function fileRoutes(app: FastifyInstance, options: FileRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  const policy = options.policy ?? files.ATTACHMENT_POLICY;

  routes.post(
    '/files/s3',
    {
      validatorCompiler: streamedBodyValidator,
      schema: {
        tags,
        summary: 'Upload a file (image, video or audio)',
        description:
          'multipart/form-data with the file in the field `data`. The type is recognised from the bytes, not the ' +
          'name or the declared type; anything but an image, video or audio file is 400 `UNKNOWN_FILE_FORMAT`. ' +
          'Images may be at most 5 MB, video and audio 500 MB (413 `FILE_TOO_LARGE`, nothing is kept). ' +
          'JPEG, PNG and WebP pictures lose their metadata and get a thumbnail at once. Video, audio and other ' +
          'pictures (HEIC, AVIF, TIFF, GIF, …) answer `processing: PENDING`: the media queue converts them to ' +
          'H.264/AAC MP4 (at most 1080p, plus a 720p `smallScreenVideo` for a larger source), AAC .m4a or JPEG ' +
          '(WebP for GIF) without metadata, with a poster frame and `durationSeconds` (docs/rules/files.md); ' +
          '`s3Url` serves that rendition once READY (409 before, 422 when FAILED; `GET /files/s3/{id}` tells). ' +
          'The upload as it came is deleted once its rendition is verified. Per user at most 8 uploads at once, 60 ' +
          'files an hour and 3 GiB a day (50 MiB before the e-mail is verified): 429 `TOO_MANY_REQUESTS` beyond.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        body: multipartFileBody('data', 'An image (at most 5 MB), video or audio file (at most 500 MB).'),
        response: { 200: uploadedFileSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const row = await closeConnectionOnFailure(request, reply, async () =>
        withinUploadQuota(
          app.db,
          caller,
          options.quota ?? DEFAULT_UPLOAD_QUOTA,
          files.largestAllowedBytes(policy),
          async (budget) => {
            const file = await readFilePart(request, 'data', files.largestAllowedBytes(policy));
            return files.uploadFile(app.ctx, options.storage, caller.id, file, budget, policy);
          },
        ),
      );
      return uploadedFile(app, request, row);
    },
  );

  routes.get(
    '/files/s3/:id',
    {
      schema: {
        tags,
        summary: 'An uploaded file and its processing',
        description:
          'For its uploader only (403 `access denied` for anyone else, whether or not the id exists): the answer of ' +
          'the upload with the current `processing` (poll it while PENDING), the served rendition’s size and, once ' +
          'FAILED, why in the caller’s language (`processingFailure`).',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: uploadedFileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const row = await findFileById(app.db, request.params.id);
      if (!row || row.owner_user_id !== caller.id) throw accessDenied();
      return uploadedFile(app, request, row);
    },
  );

  routes.delete(
    '/files/s3/:id',
    {
      schema: {
        tags,
        summary: 'Delete an uploaded file',
        description:
          'Only the uploader may delete a file; the row and the stored objects (file and thumbnail) go. ' +
          'Any other caller gets 403 `access denied` whether or not the id exists, so ids cannot be probed; ' +
          'for the same reason an id that no longer exists is 403 for its former uploader too. ' +
          'A file still referenced by a mission or event is 409.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await files.deleteUploadedFile(app.ctx, options.storage, caller.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
