import type { MissionProduct } from '@fanmission/contracts';
import type { Session } from '../../shared/session/session';

export const REQUEST_TABS = ['BASIC', 'LUCKY', 'CUSTOM'] as const;
export type RequestTab = (typeof REQUEST_TABS)[number];

/** BASIC if any such mission exists, else LUCKY, else CUSTOM; null when there is none at all. */
export function initialTab(products: readonly Pick<MissionProduct, 'type'>[]): RequestTab | null {
  return REQUEST_TABS.find((type) => products.some((product) => product.type === type)) ?? null;
}

/** What pressing "request" does for the current session. */
export type RequestGate = 'login' | 'creator' | 'unverified' | 'allowed';
export function requestGate(session: Pick<Session, 'loggedIn' | 'creatorId' | 'isVerified'>): RequestGate {
  if (!session.loggedIn) return 'login';
  if (session.creatorId !== null) return 'creator';
  if (session.isVerified === false) return 'unverified';
  return 'allowed';
}
