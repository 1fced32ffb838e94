import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../i18n';
import { creatorFirstViewHtml } from './first-view';

export interface StaticAppsOptions {
  /** Folder of the built fan/creator web app, served at `/`. */
  webDist: string;
  /** Folder of the built operator console, served at `/admin/`. */
  adminDist: string;
}

const noCache = (reply: FastifyReply) => reply.header('cache-control', 'no-cache');

/**
 * Serves both single-page apps from the API's origin. Hashed assets are cached for a year; every other unknown GET
 * under `/` or `/admin/` answers the app's index.html so client-side routes survive a reload. Unknown `/api` paths
 * never get the SPA page: they answer 404 in the error shape.
 */
export async function registerStaticApps(app: FastifyInstance, options: StaticAppsOptions): Promise<void> {
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  const hasWeb = existsSync(path.join(options.webDist, 'index.html'));
  const hasAdmin = existsSync(path.join(options.adminDist, 'index.html'));
  if (hasWeb) {
    // preCompressed: the build's .br/.gz copies (web/vite.config.ts) when the browser accepts them.
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      setHeaders,
    });
  }
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: options.adminDist,
      prefix: '/admin/',
      decorateReply: !hasWeb,
      wildcard: false,
      setHeaders,
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname);
    if (wantsPage && (pathname === '/admin' || pathname.startsWith('/admin/')) && hasAdmin) {
      return noCache(reply).sendFile('index.html', options.adminDist);
    }
    if (wantsPage && hasWeb && !pathname.startsWith('/dev/')) {
      // A creator page gets its picture painted by the server first (./first-view.ts); the page stays the app's.
      const firstView = await creatorFirstViewHtml(app, request.url);
      if (firstView) {
        const page = await readFile(path.join(options.webDist, 'index.html'), 'utf8');
        return noCache(reply)
          .type('text/html; charset=utf-8')
          .send(page.replace('<div id="root"></div>', `${firstView}<div id="root"></div>`));
      }
      return noCache(reply).sendFile('index.html', options.webDist);
    }
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send({
        message: translate(request.language, 'error.apiPathNotFound', { method: request.method, path: pathname }),
        status: 404,
        code: 'NOT_FOUND',
      });
  });
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/metrics';
}
