import type { FastifyInstance } from 'fastify';

/**
 * A server-painted first view of a creator page (issue 23: a phone's Largest Contentful Paint). On a phone under
 * Slow 4G and a 4× slower CPU the web app paints a creator's picture only after React, the router, the texts, the
 * page's code and the creator answer have arrived one after the other (about 4.5 s). This inserts, before the app's
 * `#root`, the header bar and the creator's picture exactly where and as large as the page shows them
 * (web/src/app/shell.css `.creator-first-view`; features/creator-page/components/creator-profile.tsx), from the same
 * answer the API gives (`GET /api/v1/creators/{id}` or `/by-url/{url}`, through `app.inject`: the same rules decide
 * what a visitor may see). The browser starts downloading the picture with the page and paints it before any script
 * runs; the app removes this block in the commit that paints its own shell with the same picture
 * (web/src/app/first-view.tsx), so nothing moves or flashes. Only for a verified creator without an intro video (the
 * page shows the video instead) and not in the embedded app mode (no header there); otherwise the page is unchanged.
 */
const CREATOR_PATH = /^\/creator\/([^/]+)\/?$/;

interface CreatorAnswer {
  creator?: {
    id?: unknown;
    name?: unknown;
    verified?: unknown;
    intro?: unknown;
    avatar?: { s3Url?: unknown } | null;
    user?: { image?: { s3Url?: unknown } | null };
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The picture's address when it is one of ours or an http(s) address; anything else (javascript:, data:) is refused. */
function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}

/** The first view's markup for this page address, or null when the page keeps the plain app shell. */
export async function creatorFirstViewHtml(app: FastifyInstance, url: string): Promise<string | null> {
  const [pathname = '/', search = ''] = url.split('?', 2);
  if (/(^|&)app-api=/.test(search)) return null;
  const match = CREATOR_PATH.exec(pathname);
  if (!match) return null;
  let idOrUrl: string;
  try {
    idOrUrl = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const apiPath = /^\d+$/.test(idOrUrl)
    ? `/api/v1/creators/${idOrUrl}`
    : `/api/v1/creators/by-url/${encodeURIComponent(idOrUrl)}`;
  const answer = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
  if (answer.statusCode !== 200) return null;
  let creator: CreatorAnswer['creator'];
  try {
    creator = (answer.json() as CreatorAnswer).creator;
  } catch {
    return null;
  }
  if (!creator || creator.verified !== true || creator.intro || typeof creator.name !== 'string') return null;
  const picture = safeUrl(creator.avatar?.s3Url ?? creator.user?.image?.s3Url);
  if (!picture) return null;
  const name = escapeHtml(creator.name);
  // The rules of web/src/app/shell.css (.app-header-inner, .logo, .creator-first-view), inline: the stylesheet arrives
  // later than the picture on a slow network.
  return (
    `<div id="first-view" data-creator="${escapeHtml(idOrUrl)}" data-name="${name}" data-picture="${escapeHtml(picture)}">` +
    '<style>#first-view .fv-bar{background:#fff4f7}' +
    '#first-view .fv-bar>div{max-width:1200px;margin:0 auto;min-height:64px;padding:10px 24px;display:flex;align-items:center}' +
    '#first-view .fv-logo{font-weight:900;font-size:22px;letter-spacing:-.5px;color:#d6245a;text-decoration:none}' +
    '#first-view main{width:100%;margin:0 auto;padding:32px 16px}' +
    '#first-view img{display:block;width:100%;aspect-ratio:9/16;object-fit:cover;border-radius:36px;background:#f1e6ea}' +
    '@media (max-width:599.98px){#first-view .fv-bar>div{min-height:56px;padding:8px 8px 8px 12px}#first-view .fv-logo{font-size:19px}}' +
    '@media (min-width:600px){#first-view main{padding-left:24px;padding-right:24px}}' +
    '@media (min-width:900px){#first-view main{padding-top:48px;padding-bottom:48px}#first-view .fv-picture{width:320px}}' +
    '@media (min-width:1200px){#first-view main{max-width:1200px}}</style>' +
    '<div class="fv-bar"><div><a class="fv-logo" href="/">Fanmission</a></div></div>' +
    `<main><div class="fv-picture"><img src="${escapeHtml(picture)}" alt="${name}" fetchpriority="high"></div></main>` +
    '</div>'
  );
}
