import {
  adminWriteRoles,
  CONSOLE_UPLOAD_PURPOSES,
  fileEntrySchema,
  uploadedFileBodySchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller, requireRole } from '../auth';
import {
  closeConnectionOnFailure,
  DEFAULT_UPLOAD_QUOTA,
  largestAllowedBytes,
  multipartFileBody,
  PROFILE_IMAGE_POLICY,
  privateFileEntry,
  readFilePart,
  resumableUploadRoutes,
  storageDriverFor,
  streamedBodyValidator,
  uploadFile,
  withinUploadQuota,
} from '../files';
import { errorResponses } from '../http';
import { recordPopupImage, recordUploadedPopupImage } from './service';

/**
 * The console uploads a popup's picture under `/api/admin` (its session cookie reaches `/api/admin` only, so it
 * cannot use the members' `POST /files/s3` or `/api/v1/files/tus`): resumably at `/api/admin/files/tus` (purpose
 * `popup-image`, operators only, `HEAD` and `GET` included) then `POST /popups/images/from-upload`, or in one multipart
 * request (`POST /popups/images`, kept for API clients). Images only, at most 5 MB, checked and stripped like every
 * upload; the answer's `id` is the popup's `webImageId`.
 */
export async function popupImageAdminRoutes(app: FastifyInstance) {
  const storage = storageDriverFor(app.config);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: popups'];

  await app.register(resumableUploadRoutes, {
    storage,
    purposes: CONSOLE_UPLOAD_PURPOSES,
    access: {
      config: { adminResource: 'popups' },
      check: (request) => requireRole(request, ...adminWriteRoles('popups')),
      summary: 'Operators only (who may change popups), `HEAD` and `GET` included: 403 for anyone else.',
    },
    tags,
  });

  routes.post(
    '/popups/images',
    {
      config: { adminResource: 'popups' },
      validatorCompiler: streamedBodyValidator,
      schema: {
        tags,
        summary: 'Upload a popup picture (operators)',
        description:
          'multipart/form-data with the image in the field `image` (recognised from its bytes; images only, at most ' +
          '5 MB: 400 UNKNOWN_FILE_FORMAT otherwise, 413 beyond). Answers the file entry (`s3Url` signed for a while: the ' +
          'picture is public once a popup shows it); set its `id` as the popup’s `webImageId`. The console uploads ' +
          'resumably instead (`POST /api/admin/files/tus`, then `POST /api/admin/popups/images/from-upload`).',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        body: multipartFileBody('image', 'The picture: an image of at most 5 MB.'),
        response: { 200: fileEntrySchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const maxBytes = largestAllowedBytes(PROFILE_IMAGE_POLICY);
      const image = await closeConnectionOnFailure(request, reply, () =>
        withinUploadQuota(app.db, caller, DEFAULT_UPLOAD_QUOTA, maxBytes, async (budget) => {
          const file = await readFilePart(request, 'image', maxBytes);
          return uploadFile(app.ctx, storage, caller.id, file, budget, PROFILE_IMAGE_POLICY);
        }),
      );
      await recordPopupImage(app.ctx, image.id, caller.id);
      // Public only once a popup shows it (services/src/files/access.ts): until then a signed URL for the preview.
      return privateFileEntry(app.config, image);
    },
  );

  routes.post(
    '/popups/images/from-upload',
    {
      config: { adminResource: 'popups' },
      schema: {
        tags,
        summary: 'Make a resumably uploaded picture a popup picture (operators)',
        description:
          'The picture is a file the caller finished uploading on `POST /api/admin/files/tus` with the purpose ' +
          '`popup-image` (images only, at most 5 MB, recognised from its first bytes, stripped of its metadata once ' +
          'complete); each such upload is used once. Answers as `POST /popups/images` does: the file ' +
          'entry (`s3Url` signed for a while, public once a popup shows it), whose `id` is the popup’s ' +
          '`webImageId`. 400 on `fileId` for any other file: unknown, someone else’s, unfinished or already used.',
        security: [{ bearerAuth: [] }],
        body: uploadedFileBodySchema,
        response: { 200: fileEntrySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const image = await recordUploadedPopupImage(app.ctx, request.body.fileId, caller.id);
      return privateFileEntry(app.config, image);
    },
  );
}
