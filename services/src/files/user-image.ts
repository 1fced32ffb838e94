import { sql } from 'kysely';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { invalidFields, notFound } from '../http';
import type { UploadBudget } from './quota';
import { announcePendingMedia } from './media-queue';
import * as repository from './repository';
import { claimUploadedFile } from './resumable-uploads';
import { PROFILE_IMAGE_POLICY, removeStoredObjects, storeUpload, type IncomingFile } from './service';
import type { StorageDriver } from './storage-driver';
import type { FileRow } from './table';

async function lockUserImage(trx: DbExecutor, userId: number) {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'image_file_id'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

async function setUserImage(trx: DbExecutor, userId: number, imageFileId: number | null) {
  await trx
    .updateTable('users')
    .set({ image_file_id: imageFileId, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Makes the uploaded image the user's profile picture; the previous picture's row and objects are deleted.
 * The user row is locked, so two uploads at once cannot both keep their picture.
 */
export async function replaceUserImage(
  ctx: ServiceContext,
  storage: StorageDriver,
  userId: number,
  file: IncomingFile,
  budget: UploadBudget,
): Promise<FileRow> {
  const stored = await storeUpload(ctx, storage, file, PROFILE_IMAGE_POLICY, budget);
  let result: { image: FileRow; previous: FileRow | undefined };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const user = await lockUserImage(trx, userId);
      const image = await repository.insertFile(trx, { ...stored, owner_user_id: userId });
      await setUserImage(trx, userId, image.id);
      const previous =
        user.image_file_id === null ? undefined : await repository.deleteFileById(trx, user.image_file_id);
      return { image, previous };
    });
  } catch (error) {
    await removeStoredObjects(ctx, storage, stored);
    throw error;
  }
  if (result.previous) await removeStoredObjects(ctx, storage, result.previous);
  if (result.image.processing_status === 'pending') announcePendingMedia();
  return result.image;
}

/**
 * Makes the picture the user finished uploading resumably (purpose `profile-picture`) his profile picture; the
 * previous one is deleted as an upload's replacement deletes it. Any other file is a 400 on `fileId`.
 */
export async function useUploadedUserImage(
  ctx: ServiceContext,
  storage: StorageDriver,
  userId: number,
  fileId: number,
): Promise<FileRow> {
  const { image, previous } = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockUserImage(trx, userId);
    const image = await claimUploadedFile(trx, userId, fileId, 'profile-picture');
    if (!image || image.kind !== 'image') {
      throw invalidFields([{ field: 'fileId', key: 'files.uploadNotUsable', rejectedValue: fileId }]);
    }
    await setUserImage(trx, userId, image.id);
    const previous = user.image_file_id === null ? undefined : await repository.deleteFileById(trx, user.image_file_id);
    return { image, previous };
  });
  if (previous) await removeStoredObjects(ctx, storage, previous);
  if (image.processing_status === 'pending') announcePendingMedia();
  return image;
}

/** Removes the user's profile picture (row and objects); a user without one is already done. */
export async function removeUserImage(ctx: ServiceContext, storage: StorageDriver, userId: number): Promise<void> {
  const previous = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockUserImage(trx, userId);
    if (user.image_file_id === null) return undefined;
    await setUserImage(trx, userId, null);
    return repository.deleteFileById(trx, user.image_file_id);
  });
  if (previous) await removeStoredObjects(ctx, storage, previous);
}
