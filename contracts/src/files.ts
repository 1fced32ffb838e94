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
