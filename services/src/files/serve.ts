import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate } from '../i18n';
import { STORED_FILE_CACHE_CONTROL, type StorageDriver } from './storage-driver';

/**
 * Serves the local store at `/files/<key>` as inert bytes: the type comes from the key's extension (chosen from the
 * sniffed type), browsers may not sniff another, and a sandboxing CSP keeps a file from running anything even if
 * opened directly. Dot-files (unfinished puts) are never served; range requests work for video seeking.
 */
export async function registerStoredFiles(app: FastifyInstance, storage: StorageDriver): Promise<void> {
  const root = storage.localRoot;
  if (!root) return;
  await fs.mkdir(root, { recursive: true });
  await app.register(
    async (files) => {
      files.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send({ message: translate(request.language, 'error.notFound'), status: 404, code: 'NOT_FOUND' }),
      );
      await files.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        wildcard: true,
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        cacheControl: false,
        setHeaders: (reply) => {
          reply.header('cache-control', STORED_FILE_CACHE_CONTROL);
          reply.header('x-content-type-options', 'nosniff');
          reply.header('content-security-policy', "default-src 'none'; sandbox");
        },
      });
    },
    { prefix: '/files' },
  );
}
