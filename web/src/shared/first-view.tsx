import { MISSION_FIRST_VIEW_CSS } from '@fanmission/contracts';
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
