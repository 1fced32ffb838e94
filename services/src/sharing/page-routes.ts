import { publicSharePath, linkSharePath } from '@fanmission/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  findFiles,
  makeSharePoster,
  SHARE_POSTER_CONTENT_TYPE,
  signedStorageUrl,
  storageUrl,
  type StorageDriver,
} from '../files';
import type { ShareSubjectRow } from './repository';
import { genericSharePage, sharePage } from './page';
import { linkShareSubject, publicShareSubject } from './service';

export interface SharePageRoutesOptions {
  storage: StorageDriver;
}

/** What `/share/m/{id}` reads; anything else there is the generic page. */
const MISSION_ID = /^\d{1,15}$/;

/**
 * A page with no script and no outside asset but the mission's own media (its poster here, its video or voice from
 * the stored files, which may sit on S3_PUBLIC_URL).
 */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https:; media-src 'self' https:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Public pages and posters change when the creator or an operator changes something: kept briefly by caches. */
const PUBLIC_PAGE_CACHE = 'public, max-age=300';
const PUBLIC_POSTER_CACHE = 'public, max-age=3600';
/** An unlisted link's answers are never stored by a cache, so a revoked link stops at once. */
const LINK_CACHE = 'private, no-store';

type Access = { kind: 'public' } | { kind: 'link'; token: string };

const absolute = (base: string, address: string) => (address.startsWith('/') ? `${base}${address}` : address);

function sendGeneric(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_POLICY)
    .header('vary', 'accept-language')
    .send(Buffer.from(genericSharePage(request.language)));
}

/** The stored still a preview is made of: the video's poster frame, the picture, else the creator's picture. */
async function posterSource(app: FastifyInstance, subject: ShareSubjectRow): Promise<string | null> {
  const files = await findFiles(app.db, [
    subject.video_file_id,
    subject.picture_file_id,
    subject.creator_image_file_id,
  ]);
  const ready = (id: number | null) => {
    const file = id === null ? undefined : files.get(id);
    return file && file.processing_status === 'ready' ? file : undefined;
  };
  if (subject.video_file_id !== null) return ready(subject.video_file_id)?.thumbnail_key ?? null;
  if (subject.picture_file_id !== null) return ready(subject.picture_file_id)?.storage_key ?? null;
  return ready(subject.creator_image_file_id)?.storage_key ?? null;
}

/**
 * Share pages of completed missions (docs/rules/sharing.md), served by the API at the site's origin:
 * `/share/m/{id}` (a public mission), `/share/l/{token}` (an unlisted link), each with its `poster.jpg`. Every
 * address that shows nothing answers the same generic 404 page, whatever the reason.
 */
export async function sharePageRoutes(app: FastifyInstance, options: SharePageRoutesOptions) {
  const subjectOf = async (access: Access, request: FastifyRequest): Promise<ShareSubjectRow | null> => {
    if (access.kind === 'link') return await linkShareSubject(app.db, access.token);
    const id = (request.params as { id: string }).id;
    return MISSION_ID.test(id) ? await publicShareSubject(app.db, Number(id)) : null;
  };

  async function page(access: Access, request: FastifyRequest, reply: FastifyReply) {
    const subject = await subjectOf(access, request);
    if (!subject) return sendGeneric(request, reply);
    const base = app.config.PUBLIC_URL;
    const pagePath = access.kind === 'link' ? linkSharePath(access.token) : publicSharePath(subject.id);
    const media = await findFiles(app.db, [subject.video_file_id, subject.voice_file_id]);
    // Public media of a public mission have long-cached URLs; a private mission's are signed for the link's visitor.
    const urlOf = (key: string) =>
      absolute(base, access.kind === 'link' ? signedStorageUrl(app.config, key) : storageUrl(app.config, key));
    const readyFile = (id: number | null) => {
      const file = id === null ? undefined : media.get(id);
      return file && file.processing_status === 'ready' ? file : undefined;
    };
    const video = readyFile(subject.video_file_id);
    const voice = readyFile(subject.voice_file_id);
    const html = sharePage({
      language: request.language,
      creatorName: subject.creator_name,
      productName: subject.product_name,
      pageUrl: absolute(base, pagePath),
      posterUrl: absolute(base, `${pagePath}/poster.jpg`),
      video: video ? { url: urlOf(video.storage_key), width: video.width, height: video.height } : null,
      audioUrl: voice ? urlOf(voice.storage_key) : null,
      appPath: access.kind === 'link' ? `/creator/${subject.creator_id}` : `/mission-detail/${subject.id}`,
      unlisted: access.kind === 'link',
    });
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', access.kind === 'link' ? LINK_CACHE : PUBLIC_PAGE_CACHE)
      .header('content-security-policy', PAGE_POLICY)
      .header('vary', 'accept-language');
    if (access.kind === 'link') reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    return reply.send(Buffer.from(html));
  }

  async function poster(access: Access, request: FastifyRequest, reply: FastifyReply) {
    const subject = await subjectOf(access, request);
    if (!subject) return sendGeneric(request, reply);
    const image = await makeSharePoster(options.storage, await posterSource(app, subject));
    reply
      .type(SHARE_POSTER_CONTENT_TYPE)
      .header('cache-control', access.kind === 'link' ? LINK_CACHE : PUBLIC_POSTER_CACHE)
      .header('x-content-type-options', 'nosniff');
    if (access.kind === 'link') reply.header('x-robots-tag', 'noindex');
    return reply.send(image);
  }

  const hidden = { schema: { hide: true } };
  const token = (request: FastifyRequest) => ({
    kind: 'link' as const,
    token: (request.params as { token: string }).token,
  });
  app.get('/share/m/:id', hidden, (request, reply) => page({ kind: 'public' }, request, reply));
  app.get('/share/m/:id/poster.jpg', hidden, (request, reply) => poster({ kind: 'public' }, request, reply));
  app.get('/share/l/:token', hidden, (request, reply) => page(token(request), request, reply));
  app.get('/share/l/:token/poster.jpg', hidden, (request, reply) => poster(token(request), request, reply));
}
