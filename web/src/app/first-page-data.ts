import { DEFAULT_PROFILE_IMAGE, PAGE_SIZES } from '@fanmission/contracts';
import { LANDING_REQUESTS } from '../features/landing/showcase-data';
import { prefetchGet } from '../shared/api/client';
import { rememberCreatorFirstView, rememberMissionFirstView, type MissionFirstViewData } from '../shared/first-view';

/**
 * Asks for the data of the page the visitor opened while its code still downloads, so that the page finds its
 * answers waiting (shared/api/client.ts `prefetchGet`) instead of asking only once it has rendered: the landing
 * page's popup and lists, a creator page's creator, products and completed missions, a mission's detail. The URLs and query
 * parameters are the pages' own (features/creator-page/api/creator-page.ts, features/mission-detail/api/mission.ts);
 * one that drifts is only a wasted request.
 */
/** What a creator page answer says about its picture (contracts' CreatorPage, read loosely). */
interface CreatorPicture {
  name?: string;
  verified?: boolean;
  intro?: unknown;
  avatar?: { s3Url?: string } | null;
  user?: { image?: { s3Url?: string } | null };
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function prefetchFirstPageData(pathname: string, language: string): void {
  if (pathname === '/') {
    prefetchGet('/notifications/popup/current', undefined, language);
    // The lists under the headline: asked for while their chunk downloads.
    for (const { path, query } of Object.values(LANDING_REQUESTS)) prefetchGet(path, query, language);
    return;
  }
  const creator = /^\/creator\/([^/]+)\/?$/.exec(pathname);
  if (creator) {
    const idOrUrl = decoded(creator[1]!);
    if (!idOrUrl) return;
    // The server painted the picture already (services/src/plugins/first-view.ts): the shell shows the same at once.
    const painted = document.getElementById('first-view')?.dataset;
    if (painted?.creator === idOrUrl && painted.name !== undefined && painted.picture) {
      rememberCreatorFirstView({ idOrUrl, name: painted.name, picture: painted.picture });
    }
    // contracts' creatorPagePath, written out: importing it would bring its module's schemas (and zod) into the shell.
    const path = /^\d+$/.test(idOrUrl) ? `/creators/${idOrUrl}` : `/creators/by-url/${encodeURIComponent(idOrUrl)}`;
    // The picture is the page's largest paint: it downloads as soon as the answer names it, while the page's code
    // still arrives (the page shows an intro video instead when there is one).
    void prefetchGet(path, undefined, language)
      ?.then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
      .then((page) => {
        const creator = (page as { creator?: CreatorPicture } | null)?.creator;
        const picture = creator && !creator.intro ? (creator.avatar ?? creator.user?.image)?.s3Url : undefined;
        if (picture) new Image().src = picture;
        // The shell paints the picture before the page's code arrives (./first-view.tsx); only for a creator the
        // page will show (verified), as the page's own answer will.
        if (picture && creator?.verified === true && typeof creator.name === 'string') {
          rememberCreatorFirstView({ idOrUrl, name: creator.name, picture });
        }
      })
      .catch(() => undefined);
    if (/^\d+$/.test(idOrUrl)) {
      const creatorId = Number(idOrUrl);
      prefetchGet('/mission-products', { creatorId, active: true }, language);
      prefetchGet(
        '/missions/page',
        { creatorId, status: 'COMPLETED', order: 'COMPLETED', page: 0, size: PAGE_SIZES.missions },
        language,
      );
    }
    return;
  }
  const mission = /^\/mission-detail\/([^/]+)\/?$/.exec(pathname);
  const missionId = mission ? decoded(mission[1]!) : null;
  if (!missionId) return;
  // The server painted the mission's first view already (services/src/plugins/first-view.ts): the shell shows the same.
  const painted = document.getElementById('first-view')?.dataset;
  if (painted?.mission === missionId && painted.title !== undefined && painted.creatorName !== undefined) {
    rememberMissionFirstView({
      missionId,
      title: painted.title,
      creatorName: painted.creatorName,
      creatorHref: painted.creatorHref ?? '/',
      avatar: painted.avatar ?? DEFAULT_PROFILE_IMAGE,
      picture: painted.picture ? { src: painted.picture, alt: painted.alt ?? painted.title } : undefined,
    });
  }
  // Likewise the mission's picture, when the answer carries one (only missions whose content is shown do); the shell
  // paints the mission's first view from the answer when the server did not.
  void prefetchGet(`/missions/${missionId}`, undefined, language)
    ?.then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((view) => {
      const answer = view as MissionFirstViewAnswer | null;
      const picture = answer?.picture?.s3Url;
      if (picture) new Image().src = picture;
      const data = answer ? missionFirstViewData(missionId, answer) : null;
      if (data) rememberMissionFirstView(data);
    })
    .catch(() => undefined);
}

/** What a mission answer says about its first view (contracts' MissionView, read loosely). */
interface MissionFirstViewAnswer {
  id?: number;
  status?: string;
  responseComment?: string | null;
  video?: { s3Url?: string } | null;
  voice?: { processing?: string } | null;
  picture?: { s3Url?: string } | null;
  missionProduct?: {
    name?: string;
    creator?: {
      id?: number;
      name?: string;
      url?: string | null;
      user?: { image?: { s3Url?: string; thumbnail?: { s3Url?: string } | null } | null };
    };
  };
}

/**
 * The mission detail's first view from its answer: the head always, the answer picture when the page shows it first
 * in its panel (a completed mission without a video, and no "processing" note above it: mission-content-panel.tsx).
 */
export function missionFirstViewData(missionId: string, answer: MissionFirstViewAnswer): MissionFirstViewData | null {
  const product = answer.missionProduct;
  const creator = product?.creator;
  if (String(answer.id) !== missionId || typeof product?.name !== 'string') return null;
  if (typeof creator?.name !== 'string' || typeof creator.id !== 'number') return null;
  const voice = answer.voice;
  const shown = answer.status === 'COMPLETED' && !answer.video && (!voice?.processing || voice.processing === 'READY');
  const picture = shown ? answer.picture?.s3Url : undefined;
  const image = creator.user?.image;
  return {
    missionId,
    title: product.name,
    creatorName: creator.name,
    // shared/navigation/creator-path.ts, written out (the shell does not load the shared page code).
    creatorHref: creator.url ? `/${creator.url}` : `/creator/${creator.id}`,
    avatar: image?.thumbnail?.s3Url ?? image?.s3Url ?? DEFAULT_PROFILE_IMAGE,
    picture: picture ? { src: picture, alt: answer.responseComment ?? product.name } : undefined,
  };
}
