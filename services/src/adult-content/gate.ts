import { isOperator, type Caller } from '../auth';
import type { DbExecutor } from '../db';
import { AppError } from '../http';

/** 401: adult content needs a signed-in member first. */
export const adultLoginRequired = () => new AppError(401, 'adult.loginRequired', { code: 'ADULT_LOGIN_REQUIRED' });

/** 403: the member has not proved being an adult (identity verification). */
export const adultVerificationRequired = () =>
  new AppError(403, 'adult.verificationRequired', { code: 'ADULT_VERIFICATION_REQUIRED' });

/** Who asks, as far as the gate cares. */
export interface AdultViewer {
  signedIn: boolean;
  /** An identity check proved him an adult. */
  adultVerified: boolean;
  creatorId: number | null;
  operator: boolean;
}

export const adultViewerOf = (caller: Caller | null): AdultViewer => ({
  signedIn: caller !== null,
  adultVerified: caller?.adultVerified === true,
  creatorId: caller?.creatorId ?? null,
  operator: caller !== null && isOperator(caller),
});

/** Whose content is asked for: the creator, whether he is flagged adult, and whether the viewer is its party. */
export interface GatedContent {
  creatorId: number;
  adult: boolean;
  /** The viewer is a party to this content (the requester of the mission): he keeps seeing what is his. */
  party?: boolean;
}

/**
 * Whether the viewer may see the content. An adult-flagged creator's content answers only a signed-in member an
 * identity check proved an adult, the creator himself, a party to it (a mission's requester) and operators.
 */
export function mayViewAdultContent(viewer: AdultViewer, content: GatedContent): boolean {
  if (!content.adult) return true;
  if (!viewer.signedIn) return false;
  return viewer.adultVerified || viewer.creatorId === content.creatorId || content.party === true || viewer.operator;
}

/**
 * Refuses adult content to whoever may not see it: 401 ADULT_LOGIN_REQUIRED for a visitor, 403
 * ADULT_VERIFICATION_REQUIRED for a member not verified. Call it after the content was found visible (a 404 first
 * never tells that a hidden thing exists).
 */
export function requireAdultAccess(caller: Caller | AdultViewer | null, content: GatedContent): void {
  const viewer = caller !== null && 'signedIn' in caller ? caller : adultViewerOf(caller);
  if (mayViewAdultContent(viewer, content)) return;
  throw viewer.signedIn ? adultVerificationRequired() : adultLoginRequired();
}

/** Whether the creator is flagged adult (false for a creator that does not exist: his 404 comes from elsewhere). */
export async function isAdultCreator(db: DbExecutor, creatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('creators')
    .select('contain_adult_content')
    .where('id', '=', creatorId)
    .executeTakeFirst();
  return row?.contain_adult_content ?? false;
}

/** requireAdultAccess for a creator's content known by his id (no query for a caller who passes anyway). */
export async function requireCreatorContentAccess(
  db: DbExecutor,
  caller: Caller | null,
  creatorId: number,
): Promise<void> {
  if (mayViewAdultContent(adultViewerOf(caller), { creatorId, adult: true })) return;
  requireAdultAccess(caller, { creatorId, adult: await isAdultCreator(db, creatorId) });
}
