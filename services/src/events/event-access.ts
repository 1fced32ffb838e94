import { adultViewerOf, mayViewAdultContent, requireAdultAccess } from '../adult-content';
import { isOperator, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { accessDenied } from '../http';
import { eventNotFound } from './errors';
import * as repository from './repository';
import type { EventProduct } from './repository';

// Who may see or manage a lottery event: visible as its product is; managed by its creator or an operator.

/**
 * The event product if the caller may see it (as products: verified creator and active, or owner/operator); an
 * adult-flagged creator's event past the adult gate only (after the 404), which the applicant of `missionId` passes
 * for his own application.
 */
export async function visibleEvent(
  ctx: ServiceContext,
  caller: Caller | null,
  productId: number,
  options: { missionId?: number } = {},
): Promise<EventProduct> {
  const product = await repository.findEventProduct(ctx.db, productId);
  if (!product) throw eventNotFound();
  const privileged = caller !== null && (isOperator(caller) || caller.creatorId === product.creator_id);
  if (!privileged && (!product.active || !product.creator_verified)) throw eventNotFound();
  const content = { creatorId: product.creator_id, adult: product.creator_adult };
  if (!mayViewAdultContent(adultViewerOf(caller), content)) {
    const party =
      caller !== null &&
      options.missionId !== undefined &&
      (await repository.isApplicantOf(ctx.db, productId, options.missionId, caller.id));
    requireAdultAccess(caller, { ...content, party });
  }
  return product;
}

export const managesEvent = (caller: Caller | null, product: EventProduct) =>
  caller !== null && (isOperator(caller) || caller.creatorId === product.creator_id);

/** The event's creator only (the draw and the prizes): 404 when invisible, 403 otherwise. */
export async function ownEvent(ctx: ServiceContext, caller: Caller, productId: number): Promise<EventProduct> {
  const product = await visibleEvent(ctx, caller, productId);
  if (caller.creatorId !== product.creator_id) throw accessDenied();
  return product;
}
