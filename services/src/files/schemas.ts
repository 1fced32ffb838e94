import { fileEntrySchema } from '@fanmission/contracts';
import { z } from 'zod';

// Kept beside the routes because this change may not touch contracts/; they belong there next to fileEntrySchema.

export const fileKindSchema = z.enum(['image', 'video', 'audio']);

/** `POST /files/s3`: the spec's `{ id, s3Url }` plus what the bytes turned out to be. */
export const uploadedFileSchema = fileEntrySchema
  .extend({
    kind: fileKindSchema,
    filename: z.string().describe('The name the file was uploaded with (display only).'),
    sizeBytes: z.number().int(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const noContentSchema = z.null().describe('No content');
