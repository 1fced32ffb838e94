import { DEFAULT_PROFILE_IMAGE, MISSION_FIRST_VIEW_CSS } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * A server-painted first view of a creator page (a phone's Largest Contentful Paint). On a phone under
 * Slow 4G and a 4× slower CPU the web app paints a creator's picture only after React, the router, the texts, the
 * page's code and the creator answer have arrived one after the other (about 4.5 s). This inserts, before the app's
 * `#root`, the header bar and the creator's picture exactly where and as large as the page shows them
 * (web/src/app/shell.css `.creator-first-view`; features/creator-page/components/creator-profile.tsx), from the same
 * answer the API gives (`GET /api/v1/creators/{id}` or `/by-url/{url}`, through `app.inject`: the same rules decide
 * what a visitor may see). The browser starts downloading the picture with the page and paints it before any script
 * runs; the app removes this block in the commit that paints its own shell with the same picture
 * (web/src/shared/first-view.tsx), so nothing moves or flashes. Only for a verified creator without an intro video (the
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

/** The header bar and logo of web/src/app/shell.css (.app-header-inner, .logo), for every first view. */
const BAR_CSS =
  '#first-view .fv-bar{background:#fff4f7}' +
  '#first-view .fv-bar>div{max-width:1200px;margin:0 auto;min-height:64px;padding:10px 24px;display:flex;align-items:center}' +
  '#first-view .fv-logo{font-weight:900;font-size:22px;letter-spacing:-.5px;color:#d6245a;text-decoration:none}' +
  '@media (max-width:599.98px){#first-view .fv-bar>div{min-height:56px;padding:8px 8px 8px 12px}#first-view .fv-logo{font-size:19px}}';

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
    `<style>${BAR_CSS}` +
    '#first-view main{width:100%;margin:0 auto;padding:32px 16px}' +
    '#first-view img{display:block;width:100%;aspect-ratio:9/16;max-height:360px;object-fit:cover;border-radius:36px;background:#f1e6ea}' +
    '@media (min-width:600px){#first-view main{padding-left:24px;padding-right:24px}}' +
    '@media (min-width:900px){#first-view main{padding-top:48px;padding-bottom:48px}#first-view .fv-picture{width:320px}#first-view img{max-height:none}}' +
    '@media (min-width:1200px){#first-view main{max-width:1200px}}</style>' +
    '<div class="fv-bar"><div><a class="fv-logo" href="/">Fanmission</a></div></div>' +
    `<main><div class="fv-picture"><img src="${escapeHtml(picture)}" alt="${name}" fetchpriority="high"></div></main>` +
    '</div>'
  );
}

/**
 * A server-painted first view of a mission detail (Largest Contentful Paint ≤ 1.0 s headless). The page's
 * largest paint is the answer's picture, which the browser could ask for only once the entry, React, the texts and
 * the mission answer had arrived one after the other. This inserts, before `#root`, the header bar, the mission's
 * head (the creator's avatar, the title, the creator's name) and, for a completed mission answered with a picture,
 * that picture in its panel, where and as large as the page shows them
 * (web/src/features/mission-detail/mission-detail-page.tsx, components/mission-content-panel.tsx). Everything comes
 * from the answer `GET /api/v1/missions/{id}` gives an anonymous caller (through `app.inject`, without the visitor's
 * cookies): a private, unplayed (CREATED) or blocked mission is 404 there and gets no first view, whoever asks; a
 * public one shows the same to everybody. The status and "private" chips are the page's (their texts follow the
 * language chosen in the browser): they sit beside the creator's name and move nothing. The app removes this block
 * in the commit that paints its own shell with the same view (web/src/shared/first-view.tsx).
 */
const MISSION_PATH = /^\/mission-detail\/(\d{1,15})\/?$/;

interface MissionFile {
  s3Url?: unknown;
  processing?: unknown;
  thumbnail?: { s3Url?: unknown } | null;
}

interface MissionAnswer {
  id?: unknown;
  status?: unknown;
  private?: unknown;
  responseComment?: unknown;
  video?: MissionFile | null;
  picture?: MissionFile | null;
  voice?: MissionFile | null;
  missionProduct?: {
    name?: unknown;
    creator?: { id?: unknown; name?: unknown; url?: unknown; user?: { image?: MissionFile | null } };
  };
}

/** The mission's answer picture when the page shows it first in its panel (no video above it, no note). */
function answerPicture(mission: MissionAnswer): string | null {
  if (mission.status !== 'COMPLETED' || mission.video) return null;
  const voice = mission.voice;
  if (voice && voice.processing !== undefined && voice.processing !== 'READY') return null;
  return safeUrl(mission.picture?.s3Url);
}

/** The first view's markup for a mission detail address, or null when the page keeps the plain app shell. */
export async function missionFirstViewHtml(app: FastifyInstance, url: string): Promise<string | null> {
  const [pathname = '/', search = ''] = url.split('?', 2);
  if (/(^|&)app-api=/.test(search)) return null;
  const match = MISSION_PATH.exec(pathname);
  if (!match) return null;
  const id = match[1]!;
  // No cookie, no authorization: the anonymous answer, never what the visitor's session would add.
  const answer = await app.inject({
    method: 'GET',
    url: `/api/v1/missions/${id}`,
    headers: { accept: 'application/json' },
  });
  if (answer.statusCode !== 200) return null;
  let mission: MissionAnswer;
  try {
    mission = answer.json() as MissionAnswer;
  } catch {
    return null;
  }
  const product = mission.missionProduct;
  const creator = product?.creator;
  if (
    mission.private !== false ||
    String(mission.id) !== id ||
    typeof product?.name !== 'string' ||
    typeof creator?.name !== 'string' ||
    typeof creator.id !== 'number'
  ) {
    return null;
  }
  const image = creator.user?.image;
  const avatar = safeUrl(image?.thumbnail?.s3Url ?? image?.s3Url) ?? DEFAULT_PROFILE_IMAGE;
  // web/src/shared/navigation/creator-path.ts: the custom url when there is one.
  const creatorHref =
    typeof creator.url === 'string' && /^[\w-]{1,100}$/.test(creator.url)
      ? `/${creator.url}`
      : `/creator/${creator.id}`;
  const picture = answerPicture(mission);
  const alt = typeof mission.responseComment === 'string' ? mission.responseComment : product.name;
  const title = escapeHtml(product.name);
  const name = escapeHtml(creator.name);
  return (
    `<div id="first-view" data-mission="${id}" data-title="${title}" data-creator-name="${name}" ` +
    `data-creator-href="${escapeHtml(creatorHref)}" data-avatar="${escapeHtml(avatar)}"` +
    (picture ? ` data-picture="${escapeHtml(picture)}" data-alt="${escapeHtml(alt)}"` : '') +
    '>' +
    `<style>${BAR_CSS}${MISSION_FIRST_VIEW_CSS}</style>` +
    '<div class="fv-bar"><div><a class="fv-logo" href="/">Fanmission</a></div></div>' +
    '<main class="mission-first-view" aria-busy="true"><div class="mission-first-view__head">' +
    `<img class="mission-first-view__avatar" src="${escapeHtml(avatar)}" alt="">` +
    `<div class="mission-first-view__titles"><h1>${title}</h1>` +
    `<div class="mission-first-view__line"><a href="${escapeHtml(creatorHref)}">${name}</a></div></div></div>` +
    (picture
      ? '<div class="mission-first-view__grid"><div class="mission-first-view__panel">' +
        `<img src="${escapeHtml(picture)}" alt="${escapeHtml(alt)}" fetchpriority="high"></div></div>`
      : '') +
    '</main></div>'
  );
}

/** The first view of a creator page or a mission detail, or null (./static-apps.ts inserts it before `#root`). */
export async function firstViewHtml(app: FastifyInstance, url: string): Promise<string | null> {
  return (await creatorFirstViewHtml(app, url)) ?? (await missionFirstViewHtml(app, url));
}
