import type { LotteryEvent } from '@fanmission/contracts';
import type { Session } from '../../shared/session/session';

/**
 * The apply button: shown only while APPLYING, when the user has not applied and is not the event's creator;
 * a disabled 'Coming Soon' in CREATED; a disabled 'Applied' once applied; 'Completed' once drawn (DRAWN, CLOSED),
 * which says the event is over and points to its completed list (the winners) instead of applying.
 */
export type ApplyButton = 'apply' | 'comingSoon' | 'applied' | 'completed' | 'hidden';

export function applyButton(
  event: Pick<LotteryEvent, 'status' | 'applied'>,
  session: Pick<Session, 'creatorId'>,
  eventCreatorId: number,
): ApplyButton {
  if (session.creatorId !== null && session.creatorId === eventCreatorId) return 'hidden';
  if (event.status === 'CREATED') return 'comingSoon';
  if (event.status === 'DRAWN' || event.status === 'CLOSED') return 'completed';
  if (event.status !== 'APPLYING') return 'hidden';
  return event.applied ? 'applied' : 'apply';
}

/** What pressing apply does for the current session: login, creators refused, unverified sent away. */
export type ApplyGate = 'login' | 'creator' | 'unverified' | 'allowed';
export function applyGate(session: Pick<Session, 'loggedIn' | 'creatorId' | 'isVerified'>): ApplyGate {
  if (!session.loggedIn) return 'login';
  if (session.creatorId !== null) return 'creator';
  if (session.isVerified === false) return 'unverified';
  return 'allowed';
}
