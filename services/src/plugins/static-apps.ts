import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { translate } from '../i18n';
import { firstViewHtml } from './first-view';

export interface StaticAppsOptions {
  /** Folder of the built fan/creator web app, served at `/`. */
  webDist: string;
  /** Folder of the built operator console, served at `/admin/`. */
  adminDist: string;
}

const noCache = (reply: FastifyReply) => reply.header('cache-control', 'no-cache');

/** The origin of an http(s) address, or nothing. */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** Where the apps' pictures, audio and video come from: us, stored files' public URLs (S3 in distributed mode). */
function mediaOrigins(config: AppConfig): string[] {
  return ["'self'", 'blob:', ...originOf(config.S3_PUBLIC_URL), ...originOf(config.S3_ENDPOINT)];
}

/**
 * The CSP hashes (`'sha256-…'`) of the inline scripts of a built index.html: the web build inlines a small script
 * that preloads the route's and the language's chunks (web/vite.config.ts). Hashing the very file served keeps the
 * policy right after every build, without 'unsafe-inline'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

function indexHashes(dist: string): string[] {
  const file = path.join(dist, 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}

/**
 * The script CSP of the pages. Scripts only from our origin, plus, on the web app, PortOne's browser SDK
 * (loaded from its CDN when a fan pays) and the Daum postcode search (webConfig.daumPostcodeUrl), and the inline
 * scripts of the built index.html by hash (the creator page's first view injects only a style). The SDK talks to PortOne
 * (`*.portone.io`, or the PORTONE_API_URL of a local PortOne). Pictures may be any https address (social profile
 * pictures, creator images), so img-src stays open to https; frames are left to the payment providers' checkouts.
 */
export function pageContentSecurityPolicy(
  config: AppConfig,
  app: 'web' | 'admin',
  scriptHashes: readonly string[] = [],
): string {
  const media = mediaOrigins(config);
  const portOne = app === 'web' ? ['https://*.portone.io', ...originOf(config.PORTONE_API_URL)] : [];
  const scripts = app === 'web' ? ['https://cdn.portone.io', 'https://t1.daumcdn.net'] : [];
  const unique = (values: string[]) => [...new Set(values)].join(' ');
  return [
    `script-src ${unique(["'self'", ...scriptHashes, ...scripts])}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    `connect-src ${unique(["'self'", ...portOne, ...media.filter((origin) => origin !== 'blob:')])}`,
    `img-src ${unique([...media, 'data:', 'https:'])}`,
    `media-src ${unique(media)}`,
  ].join('; ');
}

/**
 * Serves both single-page apps from the API's origin. Hashed assets are cached for a year; every other unknown GET
 * under `/` or `/admin/` answers the app's index.html so client-side routes survive a reload. Unknown `/api` paths
 * never get the SPA page: they answer 404 in the error shape.
 */
export async function registerStaticApps(app: FastifyInstance, options: StaticAppsOptions): Promise<void> {
  const webPolicy = pageContentSecurityPolicy(app.config, 'web', indexHashes(options.webDist));
  const adminPolicy = pageContentSecurityPolicy(app.config, 'admin', indexHashes(options.adminDist));
  const webPage = (reply: FastifyReply) => noCache(reply).header('content-security-policy', webPolicy);
  const adminPage = (reply: FastifyReply) => noCache(reply).header('content-security-policy', adminPolicy);
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (/\.html(\.br|\.gz)?$/.test(filePath)) {
      const admin = path.resolve(filePath).startsWith(path.resolve(options.adminDist) + path.sep);
      reply.header('content-security-policy', admin ? adminPolicy : webPolicy);
    }
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
      return adminPage(reply).sendFile('index.html', options.adminDist);
    }
    if (wantsPage && hasWeb && !pathname.startsWith('/dev/')) {
      // A creator page or a mission detail is painted by the server first (./first-view.ts); the page stays the app's.
      const firstView = await firstViewHtml(app, request.url);
      if (firstView) {
        const page = await readFile(path.join(options.webDist, 'index.html'), 'utf8');
        const html = insertBeforeRoot(page, firstView);
        // Compressed like the build's own pages (preCompressed above): the painted page is most of a phone's first
        // round trip.
        const encoding = acceptedEncoding(request.headers['accept-encoding']);
        webPage(reply).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
        if (!encoding) return reply.send(html);
        return reply.header('content-encoding', encoding).send(await compressPage(html, encoding));
      }
      return webPage(reply).sendFile('index.html', options.webDist);
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

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** br when the request accepts it, else gzip, else nothing (q=0 refuses an encoding). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** A page compressed per request: a fast brotli level (the build's copies use the slowest, once). */
function compressPage(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipped(html, { level: 6 });
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/metrics';
}

/** The page with `html` before the app's `#root` (which holds the build's static first view, web/vite.config.ts). */
export function insertBeforeRoot(page: string, html: string): string {
  return page.replace('<div id="root">', `${html}<div id="root">`);
}
