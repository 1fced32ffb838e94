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
  // Twice the cards: a product performed for several fans at once (a lottery's winners) is shown once.
  missions: { path: '/missions/page', query: { status: 'COMPLETED', page: 0, size: 2 * LANDING_CARDS } },
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
    return Array.isArray(data?.content) ? data.content : [];
  } catch (error) {
    console.warn(`landing ${request.path} could not be loaded`, error);
    return [];
  }
}

/** The newest mission of each product: two cards of one product would look the same (its name, its creator). */
export function oneCardPerProduct(missions: MissionView[]): MissionView[] {
  const seen = new Set<number>();
  return missions.filter((mission) => {
    if (seen.has(mission.missionProduct.id)) return false;
    seen.add(mission.missionProduct.id);
    return true;
  });
}

export function useShowcase(): Showcase {
  const [showcase, setShowcase] = useState<Showcase>({ creators: [], missions: [], loaded: false });
  useEffect(() => {
    let current = true;
    void Promise.all([
      items<CreatorListItem>(LANDING_REQUESTS.creators),
      items<MissionView>(LANDING_REQUESTS.missions),
    ]).then(([creators, missions]) => {
      if (current) {
        setShowcase({
          creators: creators.slice(0, LANDING_CARDS),
          missions: oneCardPerProduct(missions).slice(0, LANDING_CARDS),
          loaded: true,
        });
      }
    });
    return () => {
      current = false;
    };
  }, []);
  return showcase;
}
