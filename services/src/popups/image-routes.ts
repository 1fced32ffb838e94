import { fileEntrySchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import {
  closeConnectionOnFailure,
  DEFAULT_UPLOAD_QUOTA,
  largestAllowedBytes,
  multipartFileBody,
  PROFILE_IMAGE_POLICY,
  privateFileEntry,
  readFilePart,
  storageDriverFor,
  streamedBodyValidator,
  uploadFile,
  withinUploadQuota,
} from '../files';
import { errorResponses } from '../http';
import { recordPopupImage } from './service';

/**
 * `POST /api/admin/popups/images`: the console uploads a popup's picture (its session cookie reaches `/api/admin` only,
 * so it cannot use the members' `POST /files/s3`). Images only, at most 5 MB, checked and stripped like every upload;
 * the answer's `id` is the popup's `webImageId`.
 */
export async function popupImageAdminRoutes(app: FastifyInstance) {
  const storage = storageDriverFor(app.config);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/popups/images',
    {
      config: { adminResource: 'popups' },
      validatorCompiler: streamedBodyValidator,
      schema: {
        tags: ['admin: popups'],
        summary: 'Upload a popup picture (operators)',
        description:
          'multipart/form-data with the image in the field `image` (recognised from its bytes; images only, at most ' +
          '5 MB: 400 UNKNOWN_FILE_FORMAT otherwise, 413 beyond). Answers the file entry (`s3Url` signed for a while: the ' +
          'picture is public once a popup shows it); set its `id` as the popup’s `webImageId`.',
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
}
