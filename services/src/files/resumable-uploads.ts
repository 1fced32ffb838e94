import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FILE_LIMITS, RESUMABLE_UPLOAD_EXPIRY_HOURS, type UploadPurpose } from '@fanmission/contracts';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server as TusServer } from '@tus/server';
import { type DataStore, ERRORS as TUS_ERRORS } from '@tus/utils';
import type { AppConfig } from '../config';
import type { ServiceContext } from '../context';
import { connectionStringOf, type Db, type DbExecutor } from '../db';
import { AppError } from '../http';
import { PostgresLocker } from './postgres-locker';
import { settleReservation } from './quota';
import * as files from './service';
import type { StorageDriver } from './storage-driver';
import type { Selectable } from 'kysely';
import type { FileRow, ResumableUploadsTable } from './table';
import { fileTooLarge, SNIFF_BYTES, sniffUpload } from './upload-stream';

export type ResumableUploadRow = Selectable<ResumableUploadsTable>;

const EXPIRY_MS = RESUMABLE_UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;

/** Intro videos: video or audio of at most 500 MB (the multipart intro route's rule, services/src/creators). */
const INTRO_POLICY: files.UploadPolicy = {
  maxBytes: { video: FILE_LIMITS.mediaBytes, audio: FILE_LIMITS.mediaBytes },
  rejectedKindKey: 'files.unknownFormat',
};

/** A lottery event's description video: a video of at most 500 MB. */
const DESCRIPTION_VIDEO_POLICY: files.UploadPolicy = {
  maxBytes: { video: FILE_LIMITS.mediaBytes },
  rejectedKindKey: 'files.unknownFormat',
};

/** Which kinds and sizes each purpose takes: the same as the multipart route of that purpose. */
export function policyOfPurpose(purpose: UploadPurpose, attachments: files.UploadPolicy): files.UploadPolicy {
  switch (purpose) {
    case 'profile-picture':
    case 'cover':
    case 'popup-image':
      return files.PROFILE_IMAGE_POLICY;
    case 'intro-video':
      return INTRO_POLICY;
    case 'description-video':
      return DESCRIPTION_VIDEO_POLICY;
    default:
      return attachments;
  }
}

/**
 * The S3 store, removing a finished upload too. Its `remove` aborts the multipart upload before deleting the objects,
 * and S3 answers the abort of a completed one 404 `NoSuchUpload`: the assembled copy and its `.info` stayed in the
 * bucket for good. For a finished upload (its multipart upload completed) the objects are deleted all the same.
 */
class FinishedUploadsS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== TUS_ERRORS.FILE_NOT_FOUND) throw error;
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] },
      });
      await this.clearCache(id);
    }
  }
}

/** Where unfinished uploads are kept: never under the served `/files/` folder or keys. */
export function createResumableStore(config: AppConfig): DataStore {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    return new FinishedUploadsS3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: EXPIRY_MS,
      s3ClientConfig: {
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        forcePathStyle: true,
        // As the storage driver's client: no streamed (aws-chunked) checksums, which S3-compatible stores refuse.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        credentials: {
          accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
        },
      },
    });
  }
  return new FileStore({
    directory: path.resolve(config.DATA_DIR, 'resumable-uploads'),
    expirationPeriodInMilliseconds: EXPIRY_MS,
  });
}

const stores = new WeakMap<AppConfig, DataStore>();

/** One store per configuration, shared by the routes and the periodic cleanup. */
export function resumableStoreFor(config: AppConfig): DataStore {
  let store = stores.get(config);
  if (!store) {
    store = createResumableStore(config);
    stores.set(config, store);
  }
  return store;
}

/** An upload id: 32 hex digits, unguessable. */
export const newUploadId = () => randomBytes(16).toString('hex');

export async function findResumableUpload(db: Db, id: string): Promise<ResumableUploadRow | undefined> {
  return db.selectFrom('resumable_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the hooks of one request need to know that tus does not carry: set by the route before tus runs. */
export interface TusRequestState {
  uploadId?: string;
  /** An AppError raised inside tus, rethrown by the route so that it answers in the API's error shape. */
  failure?: AppError;
}

export interface ResumableUploadsOptions {
  /** The endpoint as clients call it (`/api/v1/files/tus`): the uploads' `Location` is under it. */
  path: string;
  ctx: ServiceContext;
  storage: StorageDriver;
  datastore: DataStore;
  attachmentPolicy: files.UploadPolicy;
  states: WeakMap<Request, TusRequestState>;
  /**
   * Refusals of first bytes, by upload id, for the route to answer with: tus reports a write that failed as an
   * aborted stream, whatever the reason.
   */
  refusals: Map<string, AppError>;
  /** The JSON answer of a finished upload: what `POST /files/s3` answers for the same file. */
  describeFile: (row: FileRow) => unknown;
}

/**
 * The tus server: its store, the PostgreSQL locker shared by every process, the check of the first bytes (the type
 * recognised from them, never from the name or the declared type) and, on the last byte, the file made like a
 * multipart upload's (`uploadFile`: pictures stripped, media queued), the reservation settled and the partial removed.
 */
export function createTusServer(options: ResumableUploadsOptions): TusServer {
  const { ctx, datastore, states } = options;
  const connectionString = connectionStringOf(ctx.db);
  if (!connectionString) throw new Error('resumable uploads need a database handle made by createDb');
  guardFirstBytes(datastore, options);
  return new TusServer({
    path: options.path,
    datastore,
    locker: new PostgresLocker(connectionString),
    relativeLocation: true,
    maxSize: FILE_LIMITS.mediaBytes,
    exposedHeaders: ['Upload-File-Id'],
    namingFunction: (request) => {
      const id = states.get(request as unknown as Request)?.uploadId;
      if (!id) throw new Error('a resumable upload is created through its route only');
      return id;
    },
    onUploadFinish: async (_request, upload) => {
      const row = await makeFileOfUpload(options, upload.id);
      // 200 with the file (tus clients take any 2xx), so the client needs no second request.
      return {
        status_code: 200,
        headers: { 'Upload-File-Id': String(row.id), 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(options.describeFile(row)),
      };
    },
    onResponseError: (request, error) => {
      if (error instanceof AppError) {
        const state = states.get(request as unknown as Request);
        if (state) state.failure = error;
        return { status_code: error.status, body: error.key };
      }
      return undefined;
    },
  });
}

/**
 * Recognises an upload's type from its first bytes as they arrive: the first write must bring SNIFF_BYTES (or the
 * whole file), else it keeps nothing and the client sends them again. A type the purpose does not take (400
 * `UNKNOWN_FILE_FORMAT`) or a length over its kind's limit (413) ends the upload there: its bytes and reservation go.
 */
function guardFirstBytes(datastore: DataStore, options: ResumableUploadsOptions): void {
  const write = datastore.write.bind(datastore);
  datastore.write = async (stream: Readable, id: string, offset: number): Promise<number> => {
    if (offset > 0) return write(stream, id, offset);
    const row = await findResumableUpload(options.ctx.db, id);
    if (!row) throw new AppError(404, 'error.notFound', { code: 'NOT_FOUND' });
    const policy = policyOfPurpose(row.purpose as UploadPurpose, options.attachmentPolicy);
    const sniffed = await sniffUpload(stream);
    const kind = sniffed.type ? files.kindOfMime(sniffed.type.mime) : undefined;
    const kindMaxBytes = kind ? policy.maxBytes[kind] : undefined;
    if (sniffed.headLength < Math.min(SNIFF_BYTES, Number(row.size_bytes))) {
      // Too few bytes to tell yet (the connection dropped early, or a small first chunk): nothing is kept.
      await sniffed.discard();
      return 0;
    }
    const refusal =
      !sniffed.type || !kindMaxBytes
        ? new AppError(400, policy.rejectedKindKey, {
            code: 'UNKNOWN_FILE_FORMAT',
            fields: [{ field: 'file', key: policy.rejectedKindKey, rejectedValue: row.filename }],
          })
        : Number(row.size_bytes) > kindMaxBytes
          ? fileTooLarge(kindMaxBytes)
          : undefined;
    if (refusal || !sniffed.type) {
      const error = refusal ?? new AppError(400, policy.rejectedKindKey, { code: 'UNKNOWN_FILE_FORMAT' });
      options.refusals.set(id, error);
      // Gone before the request ends (tus ends the request as soon as the stream is let go of).
      await abandonUpload(options.ctx.db, datastore, row);
      // The rest of the request is not read (the route closes the connection after its answer).
      await sniffed.discard().catch(() => undefined);
      throw error;
    }
    await options.ctx.db
      .updateTable('resumable_uploads')
      .set({ sniffed_type: sniffed.type.mime })
      .where('id', '=', id)
      .execute();
    return write(Readable.from(sniffed.chunks, { objectMode: false }), id, offset);
  };
}

/** The stored bytes of an upload, from the first (the file store answers a stream, the S3 store a promise of one). */
async function readUpload(datastore: DataStore, id: string): Promise<Readable> {
  return (datastore as unknown as { read(id: string): Readable | Promise<Readable> }).read(id);
}

/**
 * The upload's last byte arrived: the file is made from its bytes as a multipart upload's is, the reservation becomes
 * what was stored, the partial is removed and the row remembers the file until it expires (a client that missed the
 * answer asks `GET /files/tus/{uploadId}/file` or `HEAD`).
 */
async function makeFileOfUpload(options: ResumableUploadsOptions, id: string): Promise<FileRow> {
  const { ctx, datastore } = options;
  const row = await findResumableUpload(ctx.db, id);
  if (!row) throw new AppError(404, 'error.notFound', { code: 'NOT_FOUND' });
  const policy = policyOfPurpose(row.purpose as UploadPurpose, options.attachmentPolicy);
  let storedBytes: number | undefined;
  const budget = { bytesLeft: Number(row.size_bytes), stored: (bytes: number) => (storedBytes = bytes) };
  let file: FileRow;
  try {
    const incoming = {
      field: 'file',
      filename: row.filename,
      stream: await readUpload(datastore, id),
      truncated: () => false,
    };
    file = await files.uploadFile(ctx, options.storage, row.owner_user_id, incoming, budget, policy);
  } catch (error) {
    await abandonUpload(ctx.db, datastore, row);
    throw error;
  }
  if (row.reservation_id) await settleReservation(ctx.db, row.owner_user_id, row.reservation_id, storedBytes);
  await ctx.db
    .updateTable('resumable_uploads')
    .set({ file_id: file.id, reservation_id: null })
    .where('id', '=', id)
    .execute();
  await datastore.remove(id).catch((error: unknown) => ctx.log.warn({ err: error, id }, 'a finished upload stays'));
  return file;
}

/** An upload that ends without a file (refused, terminated, expired): its bytes, its reservation and its row go. */
export async function abandonUpload(db: Db, datastore: DataStore, row: ResumableUploadRow): Promise<void> {
  await datastore.remove(row.id).catch(() => undefined);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('resumable_uploads').where('id', '=', row.id).execute();
    if (row.reservation_id) await trx.deleteFrom('upload_reservations').where('id', '=', row.reservation_id).execute();
  });
}

/**
 * Removes expired uploads (RESUMABLE_UPLOAD_EXPIRY_HOURS after their creation): an unfinished one loses its bytes and
 * its reservation, a finished one only its row. Answers how many unfinished uploads were removed.
 */
export async function removeExpiredResumableUploads(ctx: ServiceContext, datastore: DataStore): Promise<number> {
  const expired = await ctx.db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('expires_at', '<', ctx.now())
    .limit(500)
    .execute();
  let unfinished = 0;
  for (const row of expired) {
    if (row.file_id === null) unfinished += 1;
    await abandonUpload(ctx.db, datastore, row);
  }
  // Partials the table no longer knows (a process that died between the store and the row).
  await datastore.deleteExpired().catch((error: unknown) => ctx.log.warn({ err: error }, 'expired partials stay'));
  return unfinished;
}

/**
 * Takes the file a finished resumable upload of `ownerUserId` for `purpose` became, once: its row goes, so the same
 * upload cannot become a second profile picture or intro, nor a file used elsewhere become one (replacing a picture
 * deletes the previous file). Undefined when there is no such upload.
 */
export async function claimUploadedFile(
  trx: DbExecutor,
  ownerUserId: number,
  fileId: number,
  purpose: UploadPurpose,
): Promise<FileRow | undefined> {
  const claimed = await trx
    .deleteFrom('resumable_uploads')
    .where('file_id', '=', fileId)
    .where('owner_user_id', '=', ownerUserId)
    .where('purpose', '=', purpose)
    .returning('file_id')
    .executeTakeFirst();
  if (!claimed) return undefined;
  return trx.selectFrom('files').selectAll().where('id', '=', fileId).forUpdate().executeTakeFirst();
}
