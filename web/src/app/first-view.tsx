import { useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * The first view of a creator page or a mission detail, painted by the shell while the page's code and the component
 * library still download (on a phone under Slow 4G and a 4× slower CPU, about two seconds), and by the page itself
 * while its answer is on its way: what the page will show first, where and as large as the page shows it, so that the
 * page replaces it without moving or flashing. Its data is what the server painted (services/src/plugins/first-view.ts,
 * `#first-view`'s data attributes) or the answer the entry asked for (./first-page-data.ts); anything else keeps the
 * plain loading placeholder.
 * - A creator page: the creator's picture (features/creator-page/components/creator-profile.tsx), only for a verified
 *   creator without an intro video (the page shows the video instead).
 * - A mission detail: the creator's avatar, the title and the creator's name, and a completed mission's answer picture
 *   in its panel (features/mission-detail/mission-detail-page.tsx, components/mission-content-panel.tsx).
 */
export interface CreatorFirstViewData {
  /** The route's `:creatorId` segment (an id or a custom url), decoded. */
  idOrUrl: string;
  name: string;
  picture: string;
}

export interface MissionFirstViewData {
  /** The route's `:missionId` segment. */
  missionId: string;
  title: string;
  creatorName: string;
  creatorHref: string;
  avatar: string;
  /** The answer's picture and its text alternative, when the page shows it first in its panel. */
  picture?: { src: string; alt: string } | undefined;
}

interface Known {
  creator: CreatorFirstViewData | null;
  mission: MissionFirstViewData | null;
}

let known: Known = { creator: null, mission: null };
const listeners = new Set<() => void>();

function remember(next: Partial<Known>) {
  known = { ...known, ...next };
  for (const listener of listeners) listener();
}

export function rememberCreatorFirstView(data: CreatorFirstViewData): void {
  remember({ creator: data });
}

export function rememberMissionFirstView(data: MissionFirstViewData): void {
  remember({ mission: data });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function segment(pattern: RegExp, pathname: string): string | null {
  const match = pattern.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The first view for this creator (`idOrUrl` as the route names it), or null when the shell knows nothing of it. */
export function creatorFirstView(idOrUrl: string): ReactNode {
  return known.creator && known.creator.idOrUrl === idOrUrl ? <CreatorFirstView data={known.creator} /> : null;
}

/** The first view of this mission (the route's `:missionId`), or null when the shell knows nothing of it. */
export function missionFirstView(missionId: string): ReactNode {
  return known.mission && known.mission.missionId === missionId ? <MissionFirstView data={known.mission} /> : null;
}

function CreatorFirstView({ data }: { data: CreatorFirstViewData }) {
  return (
    <main className="creator-first-view" aria-busy="true">
      <div className="creator-first-view__picture">
        <img src={data.picture} alt={data.name} fetchPriority="high" />
      </div>
    </main>
  );
}

/**
 * The mission detail's geometry, the same rules as the server's first view (services/src/plugins/first-view.ts
 * `MISSION_FIRST_VIEW_CSS`): MUI Container lg with py 4/6; a 40 px avatar 12 px before the title; the title 24/30 px,
 * from 600 px 32/40 px, 800, wrapping; the creator's line 24 px; 24 px below; the content panel in a 3fr/2fr grid
 * from 900 px with a 24 px gap, outlined, radius 36 px, padding 16/24 px; the picture 100 % wide, at most 640 px
 * high, radius 12 px. Inline (not in shell.css): only this view needs it.
 */
const MISSION_FIRST_VIEW_CSS =
  '.mission-first-view{box-sizing:border-box;display:block;width:100%;margin:0 auto;padding:32px 16px;' +
  "font-family:'Pretendard','Noto Sans KR','Noto Sans CJK KR','Noto Sans CJK JP',system-ui,sans-serif;color:#1d1d1f}" +
  '.mission-first-view *{box-sizing:border-box}' +
  '.mission-first-view__head{display:flex;align-items:flex-start;gap:12px;margin-bottom:24px}' +
  '.mission-first-view__avatar{display:block;flex-shrink:0;width:40px;height:40px;border-radius:50%;object-fit:cover}' +
  '.mission-first-view__titles{flex:1 1 auto;min-width:0}' +
  '.mission-first-view h1{margin:0 0 4px;font-size:24px;line-height:30px;font-weight:800;letter-spacing:0;overflow-wrap:anywhere}' +
  '.mission-first-view__line{display:flex;align-items:center;gap:8px;height:24px;font-size:16px;line-height:24px}' +
  '.mission-first-view__line a{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:#5f5f64;text-decoration:none}' +
  '.mission-first-view__grid{display:grid;gap:24px;grid-template-columns:minmax(0,1fr);align-items:start}' +
  '.mission-first-view__panel{background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:36px;padding:16px}' +
  '.mission-first-view__panel img{display:block;width:100%;max-height:640px;border-radius:12px;background:#111;object-fit:contain}' +
  '@media (min-width:600px){.mission-first-view{padding-left:24px;padding-right:24px}.mission-first-view h1{font-size:32px;line-height:40px}}' +
  '@media (min-width:900px){.mission-first-view{padding-top:48px;padding-bottom:48px}' +
  '.mission-first-view__grid{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}.mission-first-view__panel{padding:24px}}' +
  '@media (min-width:1200px){.mission-first-view{max-width:1200px}}';

function MissionFirstView({ data }: { data: MissionFirstViewData }) {
  return (
    <main className="mission-first-view" aria-busy="true">
      <style>{MISSION_FIRST_VIEW_CSS}</style>
      <div className="mission-first-view__head">
        <img className="mission-first-view__avatar" src={data.avatar} alt="" />
        <div className="mission-first-view__titles">
          <h1>{data.title}</h1>
          <div className="mission-first-view__line">
            <a href={data.creatorHref}>{data.creatorName}</a>
          </div>
        </div>
      </div>
      {data.picture ? (
        <div className="mission-first-view__grid">
          <div className="mission-first-view__panel">
            <img src={data.picture.src} alt={data.picture.alt} fetchPriority="high" />
          </div>
        </div>
      ) : null}
    </main>
  );
}

const CREATOR_PATH = /^\/creator\/([^/]+)\/?$/;
const MISSION_PATH = /^\/mission-detail\/([^/]+)\/?$/;

/** What a page shows while its code loads: a creator page's or a mission's first view, else an empty placeholder. */
export function PageLoading() {
  const { pathname } = useLocation();
  const current = useSyncExternalStore(subscribe, () => known);
  const creator = segment(CREATOR_PATH, pathname);
  if (current.creator && creator !== null && current.creator.idOrUrl === creator) {
    return <CreatorFirstView data={current.creator} />;
  }
  const mission = segment(MISSION_PATH, pathname);
  if (current.mission && mission !== null && current.mission.missionId === mission) {
    return <MissionFirstView data={current.mission} />;
  }
  return <div className="page-loading" role="progressbar" aria-label="loading" />;
}
