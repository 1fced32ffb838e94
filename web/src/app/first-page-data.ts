import { PAGE_SIZES } from '@fanmission/contracts';
import { prefetchGet } from '../shared/api/client';
import { rememberCreatorFirstView } from './first-view';

/**
 * Asks for the data of the page the visitor opened while its code still downloads, so that the page finds its
 * answers waiting (shared/api/client.ts `prefetchGet`) instead of asking only once it has rendered: the landing
 * page's popup, a creator page's creator, products and completed missions, a mission's detail. The URLs and query
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
  // Likewise the mission's picture, when the answer carries one (only missions whose content is shown do).
  void prefetchGet(`/missions/${missionId}`, undefined, language)
    ?.then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((view) => {
      const picture = (view as { picture?: { s3Url?: string } | null } | null)?.picture?.s3Url;
      if (picture) new Image().src = picture;
    })
    .catch(() => undefined);
}
