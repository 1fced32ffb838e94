import { z } from 'zod';
import { fileEntrySchema } from './users';

export const FILE_KINDS = ['image', 'video', 'audio'] as const;
export const fileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof fileKindSchema>;

/** `POST /files/s3`: the spec's `{ id, s3Url }` plus what the bytes turned out to be. */
export const uploadedFileSchema = fileEntrySchema
  .extend({
    kind: fileKindSchema,
    filename: z.string().describe('The name the file was uploaded with (display only).'),
    sizeBytes: z.number().int().describe('The served rendition’s size once READY; the upload’s before.'),
    durationSeconds: z
      .number()
      .nullable()
      .describe('Length of a video or audio file; null for images, unreadable media, or while PENDING.'),
    processing: z.enum(['PENDING', 'READY', 'FAILED']),
    processingFailure: z
      .string()
      .nullable()
      .describe('Why the file cannot be served, in the caller’s language, when `processing` is FAILED; else null.'),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const noContentSchema = z.null().describe('No content');

/**
 * What a resumable (tus) upload is for, sent in its `Upload-Metadata` as `purpose`: it decides which kinds and sizes
 * are taken (profile pictures, covers and popup images are pictures of at most 5 MB; a lottery event's description
 * video a video of 500 MB; the others pictures of 5 MB, video and audio of 500 MB). Members upload for theirs at `RESUMABLE_UPLOAD_PATH`, the console for its own at
 * `CONSOLE_RESUMABLE_UPLOAD_PATH`.
 */
export const MEMBER_UPLOAD_PURPOSES = [
  'mission-answer',
  'request-attachment',
  'intro-video',
  'description-video',
  'cover',
  'profile-picture',
] as const;
export type MemberUploadPurpose = (typeof MEMBER_UPLOAD_PURPOSES)[number];
/** The console's uploads: a popup's picture. */
export const CONSOLE_UPLOAD_PURPOSES = ['popup-image'] as const;
export const UPLOAD_PURPOSES = [...MEMBER_UPLOAD_PURPOSES, ...CONSOLE_UPLOAD_PURPOSES] as const;
export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/**
 * The body that makes a finished resumable upload a profile picture, an intro or a popup picture: the file its last
 * PATCH answered (or `GET …/files/tus/{uploadId}/file`), uploaded by the caller for that use (`purpose`) and used
 * nowhere yet.
 */
export const uploadedFileBodySchema = z
  .object({
    fileId: z
      .number()
      .int()
      .positive()
      .describe('The file of a resumable upload the caller finished for this purpose, not used before.'),
  })
  .strict()
  .meta({ id: 'UploadedFileBody' });
export type UploadedFileBody = z.infer<typeof uploadedFileBodySchema>;

/** The resumable upload endpoint (tus 1.0) under the API's `/api/v1`. */
export const RESUMABLE_UPLOAD_PATH = '/api/v1/files/tus';
/** The console's resumable upload endpoint (tus 1.0), under `/api/admin`, where its session cookie goes. */
export const CONSOLE_RESUMABLE_UPLOAD_PATH = '/api/admin/files/tus';
/** The header of the answer to an upload's last PATCH (and of HEAD once complete) naming the file it became. */
export const UPLOAD_FILE_ID_HEADER = 'Upload-File-Id';
/** An upload not finished this long after its creation expires: its bytes and its quota reservation go. */
export const RESUMABLE_UPLOAD_EXPIRY_HOURS = 24;

export const resumableUploadParamsSchema = z.object({
  uploadId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .describe('The upload’s id, the last segment of the `Location` its creation answered.'),
});
