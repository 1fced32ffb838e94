import {
  BANK_FIELDS,
  PAYOUT_LOCATION_FIELDS,
  CUSTOM_MISSION_FIELDS,
  FILE_LIMITS,
  PROFILE_FIELDS,
  type CreatorPage,
  type Language,
  type MyCreator,
  type UpdateCreatorBody,
} from '@fanmission/contracts';
import { hasStaffRole, isOperator, type Caller } from '../auth';
import { requireAdultAccess } from '../adult-content';
import type { ServiceContext } from '../context';
import { uniqueViolation } from '../db';
import { invalidateSearches } from '../discovery';
import {
  announcePendingMedia,
  claimUploadedFile,
  type FileRow,
  type IncomingFile,
  insertFile,
  removeStoredObjects,
  type StorageDriver,
  storeUpload,
  type UploadBudget,
  type UploadPolicy,
} from '../files';
import { AppError, accessDenied, conflict, invalidFields, notFound, type FieldProblem } from '../http';
import { applyCustomSettingsToProduct } from '../mission-products';
import { currentEventProductId, hasOngoingEvent } from '../events';
import { getProduct } from '../mission-products';
import {
  businessVerificationOf,
  declaredRegistrationProblem,
  requeueAccountCheck,
  verifiedBusinessAfter,
} from './business-verification';
import { invalidCreatorFields, nothingToUpdate } from './errors';
import * as repository from './repository';
import type { CreatorWithUser } from './repository';
import type { CreatorRow, CreatorUpdate, PayoutAccountChangeRow } from './table';
import { reviewOf, requeueValues } from './review';
import { creatorView } from './view';
import { applyPayoutAccountChange, payoutReauthenticationProblem } from './payout-account';
import { holderLookupFor } from './payout-holder-lookup';
import { checkPayoutAccount, payoutAccountVerificationOf } from './payout-verification';
import { present, profileChanges, customMissionChanges, bankChanges } from './profile-rules';
import { adultFlagValues, auditCreatorAdultFlag } from './adult-flag';
/** Intro media: video or audio, within the 500 MB upload guidance. */
export const INTRO_POLICY: UploadPolicy = {
  maxBytes: { video: FILE_LIMITS.mediaBytes, audio: FILE_LIMITS.mediaBytes },
  rejectedKindKey: 'creators.introVideoOrAudioOnly',
};

const creatorNotFound = () => notFound('creators.notFound');

export const ownsCreator = (caller: Caller | null, creator: Pick<CreatorRow, 'user_id'>): boolean =>
  caller?.id === creator.user_id;

/** Verified creators are public; an unverified one exists only for its owner and operators. */
export function canSeeCreator(caller: Caller | null, creator: Pick<CreatorRow, 'user_id' | 'verified'>): boolean {
  return creator.verified || ownsCreator(caller, creator) || (caller !== null && isOperator(caller));
}

/**
 * The creator a caller may change: his own, or any for an operator. Someone else gets 404 for a creator
 * they cannot see and 403 for a public one, so unverified creators stay invisible. Finance changes a payout account
 * through the console (`PUT /api/admin/creator-payout-accounts/{id}`), never here.
 */
async function editableCreator(ctx: ServiceContext, caller: Caller, creatorId: number): Promise<CreatorWithUser> {
  const creator = await repository.findCreatorById(ctx.db, creatorId);
  if (!creator || !canSeeCreator(caller, creator)) throw creatorNotFound();
  if (!ownsCreator(caller, creator) && !isOperator(caller)) throw accessDenied();
  return creator;
}

/** `GET /creators/{id}` or `/creators/by-url/{url}`: the page with exact follower and like counts. */
export async function creatorPage(
  ctx: ServiceContext,
  caller: Caller | null,
  lookup: { id: number } | { url: string },
  language: Language = 'ko',
): Promise<CreatorPage> {
  const creator =
    'id' in lookup
      ? await repository.findCreatorById(ctx.db, lookup.id)
      : await repository.findCreatorByUrl(ctx.db, lookup.url);
  if (!creator || !canSeeCreator(caller, creator)) throw creatorNotFound();
  requireAdultAccess(caller, { creatorId: creator.id, adult: creator.contain_adult_content });
  const withPrivateFields = ownsCreator(caller, creator) || (caller !== null && isOperator(caller));
  const [view, counts, following] = await Promise.all([
    creatorView(ctx.db, ctx.config, creator, { withPrivateFields, language }),
    repository.pageCounts(ctx.db, creator.id),
    caller ? repository.isFollowing(ctx.db, caller.id, creator.id) : false,
  ]);
  const eventProductId = await currentEventProductId(ctx.db, creator.id);
  // The event's product as the caller may see it (an inactive one exists only for its creator and operators).
  const eventProduct =
    eventProductId === null
      ? null
      : await getProduct(ctx, caller, eventProductId).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        });
  return { creator: view, ...counts, following, eventProduct };
}

async function myCreatorView(ctx: ServiceContext, creator: CreatorWithUser): Promise<MyCreator> {
  const [view, flags, tagCount, ongoingEvent, payoutAccountVerification] = await Promise.all([
    creatorView(ctx.db, ctx.config, creator, { withPrivateFields: true }),
    repository.productFlags(ctx.db, creator.id),
    repository.tagsOfCreator(ctx.db, creator.id).then((tags) => tags.length),
    hasOngoingEvent(ctx.db, creator.id),
    payoutAccountVerificationOf(ctx.db, {
      creatorId: creator.id,
      bankName: creator.bank_name ?? undefined,
      bankAccountNumber: creator.bank_account_number ?? undefined,
    }),
  ]);
  const newbie = {
    basicInfoDone: creator.image_file_id !== null && tagCount > 0,
    eventDone: flags.eventDone,
    missionDone: flags.missionDone,
  };
  return {
    ...view,
    email: creator.email,
    bankName: creator.bank_name,
    bankAccountHolder: creator.bank_account_holder,
    bankAccountNumber: creator.bank_account_number,
    payoutOverseas: creator.payout_overseas,
    payoutForeigner: creator.payout_foreigner,
    payoutAccountVerification,
    businessVerification: businessVerificationOf(creator),
    newbie,
    review: reviewOf(creator, newbie),
    ongoingEvent,
    adultContentClearPending: creator.adult_clear_requested_at !== null,
  };
}

/** `GET /creators/me`: the caller's own creator with bank fields and newbie flags; 404 for a fan. */
export async function myCreator(ctx: ServiceContext, caller: Caller): Promise<MyCreator> {
  const creator = await repository.findCreatorByUserId(ctx.db, caller.id);
  if (!creator) throw notFound('creators.notACreator');
  return myCreatorView(ctx, creator);
}

/** What `PUT /creators/{id}` knows of its request, for the payout account's proof and history. */
export interface UpdateRequestContext {
  language: Language;
  ip: string;
  requestId: string;
  /** When the caller's session token was issued (a sign-in). */
  sessionIssuedAt: Date | null;
}

/**
 * `PUT /creators/{id}`: the profile, the custom-mission settings and/or the bank account, each group checked as a
 * whole when any of its fields is sent. All problems are reported together; nothing changes unless all pass. The bank
 * account is the creator's own to change, with his current password (`payoutReauthenticationProblem`); each change
 * is recorded and mailed (`applyPayoutAccountChange`).
 */
export async function updateCreator(
  ctx: ServiceContext,
  caller: Caller,
  creatorId: number,
  body: UpdateCreatorBody,
  request: UpdateRequestContext,
): Promise<MyCreator> {
  const owner = await editableCreator(ctx, caller, creatorId);
  const groups = {
    profile: present(body, PROFILE_FIELDS),
    custom: present(body, CUSTOM_MISSION_FIELDS),
    bank: present(body, [...BANK_FIELDS, ...PAYOUT_LOCATION_FIELDS]),
  };
  if (!groups.profile && !groups.custom && !groups.bank) {
    throw nothingToUpdate();
  }
  // Operators edit profiles and custom settings; a payout account only its creator (finance: the console's route).
  if (groups.bank && !ownsCreator(caller, owner)) throw accessDenied();
  // Checked before the row lock: the password hash takes a while, and nobody waits on it.
  const passwordProblem = groups.bank
    ? await payoutReauthenticationProblem(ctx.db, caller, body.currentPassword, request.sessionIssuedAt)
    : null;
  // The business registry is asked before the row lock too: a number it does not know, or a closed or suspended
  // business, is refused with the other problems.
  const registryProblem = groups.profile ? await declaredRegistrationProblem(ctx, body) : null;

  let changedAccount: PayoutAccountChangeRow | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const creator = await repository.lockCreator(trx, creatorId);
      if (!creator) throw creatorNotFound();
      const problems: FieldProblem[] = passwordProblem ? [passwordProblem] : [];
      let values: CreatorUpdate = {};
      let tags: number[] | undefined;
      let adultFlag: CreatorUpdate = {};
      let businessUndone = false;
      if (groups.profile) {
        const profile = await profileChanges(ctx, creator, owner.image_file_id, body);
        problems.push(...profile.problems);
        adultFlag = adultFlagValues(
          creator,
          body.containAdultContent,
          ownsCreator(caller, creator) ? 'CREATOR' : 'OPERATOR',
          ctx.now(),
        );
        if (registryProblem) problems.push(registryProblem);
        const business = verifiedBusinessAfter(creator, {
          type: profile.values.business_type ?? null,
          number: profile.values.business_registration_number ?? null,
        });
        businessUndone = business.undone;
        values = { ...values, ...profile.values, ...business.values, ...adultFlag, ...requeueValues(creator) };
        tags = profile.tags;
      }
      if (groups.custom) {
        const custom = customMissionChanges(creator, body);
        problems.push(...custom.problems);
        values = { ...values, ...custom.values };
      }
      const bank = groups.bank ? bankChanges(body) : null;
      if (bank) problems.push(...bank.problems);
      if (problems.length > 0) {
        throw invalidCreatorFields(groups.profile, problems);
      }
      if (Object.keys(values).length > 0) await repository.updateCreator(trx, creatorId, values);
      if (businessUndone) await requeueAccountCheck(trx, creator, ctx.now());
      if (Object.keys(adultFlag).length > 0 && !hasStaffRole(caller.roles)) {
        await auditCreatorAdultFlag(trx, {
          caller,
          creatorId,
          before: creator,
          values: adultFlag,
          requestId: request.requestId,
          at: ctx.now(),
        });
      }
      if (bank?.account) {
        changedAccount = await applyPayoutAccountChange(
          trx,
          creator,
          bank.account,
          { actor: caller, ip: request.ip, requestId: request.requestId },
          ctx.now(),
        );
      }
      if (groups.custom) {
        await applyCustomSettingsToProduct(
          trx,
          creatorId,
          { availableCustom: values.available_custom ?? false, minimumCost: values.minimum_cost ?? null },
          ctx.now(),
          request.language,
        );
      }
      if (tags) await repository.replaceTags(trx, creatorId, tags);
      if (groups.profile) await repository.replaceSnsLinks(trx, creatorId, body.snsLinks ?? []);
    });
  } catch (error) {
    if (uniqueViolation(error) === 'creators_url_key') {
      throw conflict('creators.urlTaken', [{ field: 'url', key: 'creators.urlTaken', rejectedValue: body.url }]);
    }
    throw error;
  }
  if (groups.profile) invalidateSearches(ctx.db);
  // The new account's holder is looked up at once, so the answer shows the outcome (a bank that does not answer is
  // asked again by the background check).
  if (changedAccount?.destination_changed) {
    await checkPayoutAccount(ctx, holderLookupFor(ctx.config), {
      creatorId,
      bankName: changedAccount.to_bank_name,
      bankAccountNumber: changedAccount.to_bank_account_number,
    });
  }
  const updated = await repository.findCreatorById(ctx.db, creatorId);
  if (!updated) throw creatorNotFound();
  return myCreatorView(ctx, updated);
}

/** `POST /creators/{id}/intro`: stores the video or audio and makes it the intro; the previous one is deleted. */
export async function replaceIntro(
  ctx: ServiceContext,
  storage: StorageDriver,
  caller: Caller,
  creatorId: number,
  readFile: () => Promise<IncomingFile>,
  budget: UploadBudget,
): Promise<FileRow> {
  const owner = await editableCreator(ctx, caller, creatorId);
  const stored = await storeUpload(ctx, storage, await readFile(), INTRO_POLICY, budget);
  let result: { intro: FileRow; previous: FileRow | undefined };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const creator = await repository.lockCreator(trx, creatorId);
      if (!creator) throw creatorNotFound();
      const intro = await insertFile(trx, { ...stored, owner_user_id: owner.user_id });
      await repository.updateCreator(trx, creatorId, { intro_file_id: intro.id });
      const previous =
        creator.intro_file_id === null ? undefined : await repository.deleteFileById(trx, creator.intro_file_id);
      return { intro, previous };
    });
  } catch (error) {
    await removeStoredObjects(ctx, storage, stored);
    throw error;
  }
  if (result.previous) await removeStoredObjects(ctx, storage, result.previous);
  if (result.intro.processing_status === 'pending') announcePendingMedia();
  return result.intro;
}

/**
 * `PUT /creators/{id}/intro`: the video or audio the caller finished uploading resumably (purpose `intro-video`)
 * becomes the intro, owned by the creator as an uploaded intro is; the previous one is deleted.
 */
export async function useUploadedIntro(
  ctx: ServiceContext,
  storage: StorageDriver,
  caller: Caller,
  creatorId: number,
  fileId: number,
): Promise<FileRow> {
  const owner = await editableCreator(ctx, caller, creatorId);
  const { intro, previous } = await ctx.db.transaction().execute(async (trx) => {
    const creator = await repository.lockCreator(trx, creatorId);
    if (!creator) throw creatorNotFound();
    const claimed = await claimUploadedFile(trx, caller.id, fileId, 'intro-video');
    if (!claimed || (claimed.kind !== 'video' && claimed.kind !== 'audio')) {
      throw invalidFields([{ field: 'fileId', key: 'files.uploadNotUsable', rejectedValue: fileId }]);
    }
    const intro = await repository.giveFileTo(trx, claimed.id, owner.user_id);
    await repository.updateCreator(trx, creatorId, { intro_file_id: intro.id });
    const previous =
      creator.intro_file_id === null ? undefined : await repository.deleteFileById(trx, creator.intro_file_id);
    return { intro, previous };
  });
  if (previous) await removeStoredObjects(ctx, storage, previous);
  if (intro.processing_status === 'pending') announcePendingMedia();
  return intro;
}

/** `DELETE /creators/{id}/intro`: removes the intro (row and objects); none is already done. */
export async function removeIntro(
  ctx: ServiceContext,
  storage: StorageDriver,
  caller: Caller,
  creatorId: number,
): Promise<void> {
  await editableCreator(ctx, caller, creatorId);
  const previous = await ctx.db.transaction().execute(async (trx) => {
    const creator = await repository.lockCreator(trx, creatorId);
    if (!creator) throw creatorNotFound();
    if (creator.intro_file_id === null) return undefined;
    await repository.updateCreator(trx, creatorId, { intro_file_id: null });
    return repository.deleteFileById(trx, creator.intro_file_id);
  });
  if (previous) await removeStoredObjects(ctx, storage, previous);
}
