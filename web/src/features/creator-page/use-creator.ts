import type { AdultGateCode, CreatorPage } from '@fanmission/contracts';
import { adultGateOf } from '../../shared/adult-gate/api';
import { ApiError } from '../../shared/api/client';
import type { Session } from '../../shared/session/session';
import { useCreatorPage } from './api/creator-page';

export type LoadedCreator =
  | { state: 'loading' }
  | { state: 'shown'; page: CreatorPage }
  | { state: 'gone' }
  | { state: 'pending-review' }
  /** An adult-flagged creator, refused by the adult gate (login, or the adult verification, first). */
  | { state: 'adult-gate'; code: AdultGateCode };

/** The creator and what to do with the answer. */
export function useCreator(idOrUrl: string, session: Session): LoadedCreator {
  const query = useCreatorPage(idOrUrl);
  if (query.isPending) return { state: 'loading' };
  if (query.isError || !query.data) {
    const gate = adultGateOf(query.error);
    if (gate) return { state: 'adult-gate', code: gate };
    if (!(query.error instanceof ApiError)) console.warn('creator fetch failed', query.error);
    return { state: 'gone' };
  }
  const { creator } = query.data;
  if (!creator.verified) {
    const own = session.creatorId === creator.id && session.userId === creator.user.id;
    return own ? { state: 'pending-review' } : { state: 'gone' };
  }
  return { state: 'shown', page: query.data };
}
