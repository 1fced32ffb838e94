import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../i18n';
import { isPublicStoredKey } from './access';
import { isValidStorageKey } from './local-disk-storage';
import { verifySignedQuery } from './signed-url';
import { STORED_FILE_CACHE_CONTROL, type StorageDriver } from './storage-driver';

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(404)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ message: translate(request.language, 'error.notFound'), status: 404, code: 'NOT_FOUND' });

/**
 * The answer for a key whose object is not there: a file still being converted is 409 `FILE_PROCESSING` (try again
 * shortly), one that could not be converted 422 `FILE_PROCESSING_FAILED`, both in the caller's language and never
 * cached; anything else 404. Only reached by a caller allowed to fetch the key (the onRequest hook answers everyone
 * else 404 first), so it tells nobody else that the file exists.
 */
async function missingObject(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as { '*'?: string })['*'] ?? '';
  const file = isValidStorageKey(key)
    ? await app.db
        .selectFrom('files')
        .select('processing_status')
        .where((eb) => eb.or([eb('storage_key', '=', key), eb('small_video_key', '=', key)]))
        .executeTakeFirst()
    : undefined;
  const status = file?.processing_status;
  if (status !== 'pending' && status !== 'failed') return notFound(request, reply);
  const answer =
    status === 'pending'
      ? { status: 409, code: 'FILE_PROCESSING', key: 'files.processing' as const }
      : { status: 422, code: 'FILE_PROCESSING_FAILED', key: 'files.processingFailed' as const };
  if (status === 'pending') reply.header('retry-after', '10');
  return reply
    .status(answer.status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ message: translate(request.language, answer.key), status: answer.status, code: answer.code });
}

const inertHeaders = (reply: FastifyReply) =>
  reply.header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'none'; sandbox");

/**
 * Serves stored objects at `/files/<key>` as inert bytes: the type comes from the key's extension (chosen from the
 * sniffed type), browsers may not sniff another, and a sandboxing CSP keeps a file from running anything even if
 * opened directly. Range requests work for video seeking.
 *
 * Who may fetch what: a key in public use (`isPublicStoredKey`) is served to anyone and cached
 * for good (keys are never reused); any other key only with a valid, unexpired `exp`/`sig` pair the API handed to a
 * caller allowed to see it, cached privately until the signature expires. Everything else, expired, tampered or
 * unsigned, is 404, exactly like a key that does not exist. A media file is served as its rendition only: while the
 * media queue makes it the URL answers 409, and 422 when it could not be made (`missingObject`).
 *
 * Local disk: the folder is served by @fastify/static (dot-files, i.e. unfinished puts, never). S3-compatible store:
 * the API proxies the object (GetObject, the client's Range passed on), so the bucket itself stays private and the
 * same rule applies; `S3_PUBLIC_URL` may name a CDN in front of this path (it honours `private`).
 */
export async function registerStoredFiles(app: FastifyInstance, storage: StorageDriver): Promise<void> {
  const root = storage.localRoot;
  if (root) await fs.mkdir(root, { recursive: true });
  await app.register(
    async (files) => {
      files.setNotFoundHandler((request, reply) => missingObject(app, request, reply));
      files.addHook('onRequest', async (request, reply) => {
        const key = (request.params as { '*'?: string })['*'] ?? '';
        const query = request.query as { exp?: unknown; sig?: unknown };
        if (!isValidStorageKey(key)) return notFound(request, reply);
        const remaining = verifySignedQuery(app.config, key, query.exp, query.sig);
        if (remaining !== null) {
          reply.header('cache-control', `private, max-age=${remaining}`);
        } else if (await isPublicStoredKey(app.db, key)) {
          reply.header('cache-control', STORED_FILE_CACHE_CONTROL);
        } else {
          return notFound(request, reply);
        }
        inertHeaders(reply);
        return undefined;
      });
      if (root) {
        await files.register(fastifyStatic, {
          root,
          prefix: '/',
          decorateReply: false,
          wildcard: true,
          index: false,
          redirect: false,
          dotfiles: 'ignore',
          cacheControl: false,
        });
        return;
      }
      const read = storage.get?.bind(storage);
      if (!read) return;
      files.get('/*', { schema: { hide: true } }, async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const range = request.headers.range;
        const object = await read(key, typeof range === 'string' ? range : undefined);
        if (!object) return missingObject(app, request, reply);
        reply
          .status(object.contentRange ? 206 : 200)
          .type(object.contentType)
          .header('accept-ranges', 'bytes');
        if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
        if (object.contentRange) reply.header('content-range', object.contentRange);
        return reply.send(object.body);
      });
    },
    { prefix: '/files' },
  );
}
