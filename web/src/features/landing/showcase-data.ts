import type { CreatorListItem, MissionView, Page } from '@fanmission/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api/client';

/** How many cards each row of the landing page shows. */
export const LANDING_CARDS = 8;

/**
 * The landing page's two lists, with the creator search's and browse missions' own routes and parameters
 * (features/creator-search/api/creators.ts, features/browse-missions/api/browse-missions.ts): the recommended creators
 * and the most recently completed public missions (a list of completed missions only is ordered by completion, newest
 * first: contracts/src/missions-api.ts). app/first-page-data.ts asks for the same URLs while the page's code loads.
 */
export const LANDING_REQUESTS = {
  creators: { path: '/creators/page', query: { type: 'recommended', page: 0, size: LANDING_CARDS } },
  missions: { path: '/missions/page', query: { status: 'COMPLETED', page: 0, size: LANDING_CARDS } },
} as const;

export interface Showcase {
  creators: CreatorListItem[];
  missions: MissionView[];
  loaded: boolean;
}

/** Read without the query cache or the component library, which the landing page does not load. */
async function items<T>(request: { path: string; query: Record<string, string | number> }): Promise<T[]> {
  try {
    const { data } = await api<Page<T>>(request.path, { query: request.query, globalErrors: 'none' });
    return Array.isArray(data?.content) ? data.content.slice(0, LANDING_CARDS) : [];
  } catch (error) {
    console.warn(`landing ${request.path} could not be loaded`, error);
    return [];
  }
}

export function useShowcase(): Showcase {
  const [showcase, setShowcase] = useState<Showcase>({ creators: [], missions: [], loaded: false });
  useEffect(() => {
    let current = true;
    void Promise.all([
      items<CreatorListItem>(LANDING_REQUESTS.creators),
      items<MissionView>(LANDING_REQUESTS.missions),
    ]).then(([creators, missions]) => {
      if (current) setShowcase({ creators, missions, loaded: true });
    });
    return () => {
      current = false;
    };
  }, []);
  return showcase;
}
