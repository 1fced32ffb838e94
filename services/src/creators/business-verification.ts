import {
  businessRegistrationDigits,
  isValidBusinessRegistrationNumber,
  type AdminApproval,
  type BusinessVerification,
  type UpdateCreatorBody,
} from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, notFound, type FieldProblem } from '../http';
import { activeRegistration, registrationProblem } from './business-registry';
import { queuePayoutAccountCheck } from './payout-verification';
import * as repository from './repository';
import type { CreatorRow, CreatorUpdate } from './table';

/*
 * A business registration counts only once verified (docs/rules/settlement.md, business registration). The creator
 * declares his business type and registration number on his profile; the business registry must know the number as
 * in business (a closed or suspended one is refused). What removes the 3.3 % withholding, and whose name a payout
 * account may be held in, is the registration staff verified: a finance member asks, with the registry's answer, and
 * another approves (services/src/approvals). A declaration that no longer matches the verified registration undoes it.
 */

/** The registration that counts, as the creator and finance read it. */
export function businessVerificationOf(creator: CreatorRow): BusinessVerification {
  return {
    businessType: creator.verified_business_type,
    registeredName: creator.verified_business_name,
    registrationNumber: creator.verified_business_number,
    verifiedAt: creator.business_verified_at?.toISOString() ?? null,
  };
}

/**
 * The registry's answer to the registration number a profile save declares (asked before the row lock: the answer
 * takes its time): a field problem when the registry does not know it or the business is closed or suspended; none
 * for a profile without a well-formed business number (its own rules report that).
 */
export async function declaredRegistrationProblem(
  ctx: ServiceContext,
  body: UpdateCreatorBody,
): Promise<FieldProblem | null> {
  const number = body.businessRegistrationNumber;
  if (body.businessType !== 'PRIVATE' && body.businessType !== 'CORPORATION') return null;
  if (!number || !isValidBusinessRegistrationNumber(number)) return null;
  return registrationProblem(ctx, number);
}

/**
 * The verified registration undone when the profile now declares another type or number (the withholding applies
 * again, and the payout account is checked again): the values to save with the profile, and whether it was undone.
 */
export function verifiedBusinessAfter(
  creator: CreatorRow,
  declared: { type: CreatorRow['business_type']; number: string | null },
): { values: CreatorUpdate; undone: boolean } {
  if (creator.verified_business_type === 'NONE') return { values: {}, undone: false };
  const same =
    declared.type === creator.verified_business_type &&
    declared.number !== null &&
    businessRegistrationDigits(declared.number) === creator.verified_business_number;
  if (same) return { values: {}, undone: false };
  return { values: unverified, undone: true };
}

const unverified = {
  verified_business_type: 'NONE',
  verified_business_name: null,
  verified_business_number: null,
  business_verified_at: null,
} as const satisfies CreatorUpdate;

/** Queues the check of the creator's current payout account again (his names to compare changed). */
export async function requeueAccountCheck(trx: DbExecutor, creator: CreatorRow, at: Date): Promise<void> {
  if (!creator.bank_name || !creator.bank_account_number) return;
  await queuePayoutAccountCheck(
    trx,
    { creatorId: creator.id, bankName: creator.bank_name, bankAccountNumber: creator.bank_account_number },
    at,
  );
}

const verificationSchema = z.object({
  creatorId: z.number().int(),
  businessType: z.enum(['PRIVATE', 'CORPORATION']),
  registrationNumber: z.string(),
  registeredName: z.string(),
});

/**
 * Verifying a creator's business registration: a finance member asks with the registry's answer, another approves,
 * and the registration counts from then on (his payout account is checked again against its registered name). A
 * profile declaration changed in between voids the request.
 */
export const creatorBusinessApproval = guardedAction({
  kind: 'CREATOR_BUSINESS_VERIFICATION',
  role: 'ROLE_FINANCE',
  params: verificationSchema,
  summary: (params) => params,
  async targetState(db, { creatorId }) {
    const creator = await repository.lockCreator(db, creatorId);
    return creator
      ? {
          type: creator.business_type,
          number: creator.business_registration_number,
          verified: businessVerificationOf(creator),
        }
      : null;
  },
  async execute(trx, params, approved) {
    const creator = await repository.lockCreator(trx, params.creatorId);
    if (!creator) throw notFound('creators.notFound');
    if (creator.user_id === approved.makerId || creator.user_id === approved.approverId) throw ownAccount();
    await repository.updateCreator(trx, creator.id, {
      verified_business_type: params.businessType,
      verified_business_name: params.registeredName,
      verified_business_number: params.registrationNumber,
      business_verified_at: approved.now,
    });
    await requeueAccountCheck(trx, creator, approved.now);
    return { creatorId: creator.id, businessType: params.businessType, registeredName: params.registeredName };
  },
});

/**
 * `POST /api/admin/creator-payout-accounts/{creatorId}/business-verification`: finance asks to verify the business
 * registration the creator declares. 400 when he declares none, when the registry does not know the number or the
 * business is closed or suspended; 503 when the registry does not answer.
 */
export async function requestBusinessVerification(
  ctx: ServiceContext,
  maker: Caller,
  creatorId: number,
  reason: string,
): Promise<AdminApproval> {
  const creator = await repository.findCreatorById(ctx.db, creatorId);
  if (!creator) throw notFound('creators.notFound');
  if (creator.user_id === maker.id) throw ownAccount();
  const type = creator.business_type;
  const number = creator.business_registration_number;
  if ((type !== 'PRIVATE' && type !== 'CORPORATION') || !number || !isValidBusinessRegistrationNumber(number)) {
    throw new AppError(400, 'creators.businessNotDeclared', {
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'businessRegistrationNumber', key: 'creators.businessNotDeclared' }],
    });
  }
  const { registeredName } = await activeRegistration(ctx, number);
  return requestApproval(ctx, creatorBusinessApproval, {
    maker,
    params: {
      creatorId,
      businessType: type,
      registrationNumber: businessRegistrationDigits(number),
      registeredName,
    },
    reason,
  });
}

const ownAccount = () => new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });
