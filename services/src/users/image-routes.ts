import {
  fileEntrySchema,
  idParamsSchema,
  noContentSchema,
  uploadedFileBodySchema,
  userIdParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSelf } from '../auth';
import {
  closeConnectionOnFailure,
  DEFAULT_UPLOAD_QUOTA,
  fileEntry,
  largestAllowedBytes,
  multipartFileBody,
  PROFILE_IMAGE_POLICY,
  readFilePart,
  removeUserImage,
  replaceUserImage,
  type StorageDriver,
  streamedBodyValidator,
  useUploadedUserImage,
  withinUploadQuota,
} from '../files';
import { errorResponses } from '../http';

/** `POST` and `PUT /users/{id}/image`, `DELETE /users/{userId}/image`: one's own profile picture. */
export async function userImageRoutes(app: FastifyInstance, options: { storage: StorageDriver }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  routes.post(
    '/users/:id/image',
    {
      validatorCompiler: streamedBodyValidator,
      schema: {
        tags,
        summary: 'Upload one’s profile picture',
        description:
          'multipart/form-data with the image in the field `image` (recognised from its bytes; images only, ' +
          'at most 5 MB). Replaces and deletes the previous picture. Answers the file entry, with a thumbnail ' +
          'when the image could be decoded; `GET /users/me` then shows it as `image` and `imageUrl`. Counts towards ' +
          'the upload quota like any upload (429 `TOO_MANY_REQUESTS` beyond it).',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        body: multipartFileBody('image', 'The picture: an image of at most 5 MB.'),
        response: { 200: fileEntrySchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const caller = requireSelf(request, request.params.id);
      const maxBytes = largestAllowedBytes(PROFILE_IMAGE_POLICY);
      const image = await closeConnectionOnFailure(request, reply, () =>
        withinUploadQuota(app.db, caller, DEFAULT_UPLOAD_QUOTA, maxBytes, async (budget) => {
          const file = await readFilePart(request, 'image', maxBytes);
          return replaceUserImage(app.ctx, options.storage, request.params.id, file, budget);
        }),
      );
      return fileEntry(app.config, image);
    },
  );

  routes.put(
    '/users/:id/image',
    {
      schema: {
        tags,
        summary: 'Make a resumably uploaded picture one’s profile picture',
        description:
          'The picture is a file the caller finished uploading on `POST /files/tus` with the purpose ' +
          '`profile-picture` (images only, at most 5 MB, checked as its bytes arrived); each such upload is used ' +
          'once. Replaces and deletes the previous picture, like `POST`. 400 on `fileId` for any other file.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: uploadedFileBodySchema,
        response: { 200: fileEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const image = await useUploadedUserImage(app.ctx, options.storage, request.params.id, request.body.fileId);
      return fileEntry(app.config, image);
    },
  );

  routes.delete(
    '/users/:userId/image',
    {
      schema: {
        tags,
        summary: 'Remove one’s profile picture',
        description:
          'Deletes the picture and its stored objects; `GET /users/me` then has `image: null` and the default `imageUrl`.',
        security: [{ bearerAuth: [] }],
        params: userIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      requireSelf(request, request.params.userId);
      await removeUserImage(app.ctx, options.storage, request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
