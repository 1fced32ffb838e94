import type { adminPopupInputSchema, adminPopupSchema, Popup } from '@fanmission/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '../context';
import type { NewPopup, PopupRow } from './table';
import { claimUploadedFile, type FileRow, findFiles, storageUrl } from '../files';
import { invalidFields, notFound } from '../http';
import * as repository from './repository';

type AdminPopup = z.infer<typeof adminPopupSchema>;
type PopupInput = z.output<typeof adminPopupInputSchema>;

async function imageUrls(ctx: ServiceContext, rows: readonly PopupRow[]): Promise<Map<number, string>> {
  const files = await findFiles(
    ctx.db,
    rows.map((row) => row.web_image_file_id),
  );
  return new Map([...files].map(([id, file]) => [id, storageUrl(ctx.config, file.storage_key)]));
}

function publicView(row: PopupRow, urls: Map<number, string>): Popup {
  const url = row.web_image_file_id === null ? undefined : urls.get(row.web_image_file_id);
  return {
    id: row.id,
    title: row.title,
    webImage: url ? { s3Url: url } : null,
    linkBackgroundColor: row.link_background_color,
    linkTextColor: row.link_text_color,
    linkLoggedOn: row.link_logged_on,
    linkLoggedOff: row.link_logged_off,
    linkTextLoggedOn: row.link_text_logged_on,
    linkTextLoggedOff: row.link_text_logged_off,
  };
}

/** `GET /notifications/popup/current`: the active popup of this moment, or null. */
export async function currentPopup(ctx: ServiceContext): Promise<Popup | null> {
  const row = await repository.currentPopup(ctx.db, ctx.now());
  return row ? publicView(row, await imageUrls(ctx, [row])) : null;
}

export async function adminViews(ctx: ServiceContext, rows: readonly PopupRow[]): Promise<AdminPopup[]> {
  const urls = await imageUrls(ctx, rows);
  return rows.map((row) => ({
    ...publicView(row, urls),
    webImageId: row.web_image_file_id,
    active: row.active,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * The popup's columns; the image must be one the console uploaded for popups (`POST /api/admin/popups/images`): a
 * popup makes its picture public, so no other file may become one.
 */
export async function popupValues(ctx: ServiceContext, input: PopupInput): Promise<NewPopup> {
  if (input.webImageId !== null && !(await repository.imageFile(ctx.db, input.webImageId))) {
    throw invalidFields([{ field: 'webImageId', key: 'board.fileNotFound', rejectedValue: input.webImageId }]);
  }
  return {
    title: input.title,
    web_image_file_id: input.webImageId,
    link_background_color: input.linkBackgroundColor,
    link_text_color: input.linkTextColor,
    link_logged_on: input.linkLoggedOn,
    link_logged_off: input.linkLoggedOff,
    link_text_logged_on: input.linkTextLoggedOn,
    link_text_logged_off: input.linkTextLoggedOff,
    active: input.active,
    starts_at: input.startsAt ? new Date(input.startsAt) : null,
    ends_at: input.endsAt ? new Date(input.endsAt) : null,
  };
}

export const popupNotFound = () => notFound('board.popupNotFound');

/** Records an upload of the console as a popup picture, which a popup may then show. */
export async function recordPopupImage(ctx: ServiceContext, fileId: number, uploadedBy: number): Promise<void> {
  await repository.recordPopupImage(ctx.db, fileId, uploadedBy);
}

/**
 * Records the picture the operator finished uploading resumably (purpose `popup-image`) as a popup picture: only his
 * own finished upload for that purpose, once (the claim removes the upload's row). Any other file is a 400 on
 * `fileId`, whoever uploaded it.
 */
export async function recordUploadedPopupImage(
  ctx: ServiceContext,
  fileId: number,
  uploadedBy: number,
): Promise<FileRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const image = await claimUploadedFile(trx, uploadedBy, fileId, 'popup-image');
    if (!image || image.kind !== 'image') {
      throw invalidFields([{ field: 'fileId', key: 'files.uploadNotUsable', rejectedValue: fileId }]);
    }
    await repository.recordPopupImage(trx, image.id, uploadedBy);
    return image;
  });
}
