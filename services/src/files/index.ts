// The public surface of `files`: uploads, storage drivers and file URLs. Other modules import only this file.
export { type FileAudience, fileEntry, privateFileEntry, signedStorageUrl, storageUrl } from './file-entry';
export {
  extractPosterFrame,
  mediaToolAvailable,
  type MediaTools,
  mediaToolsOf,
  MediaToolMemoryError,
  MediaToolMissingError,
  probeMedia,
  spawnMediaTool,
} from './media-probe';
export {
  closeConnectionOnFailure,
  multipartFileBody,
  readFilePart,
  registerMultipart,
  streamedBodyValidator,
} from './multipart';
export {
  announcePendingMedia,
  drainMediaQueue,
  MEDIA_QUEUE_MAX_ATTEMPTS,
  type MediaQueueOptions,
  type MediaQueueRunner,
  startMediaQueue,
} from './media-queue';
export { findFiles, insertFile } from './repository';
export { makeAudioRendition, makeVideoRenditions } from './renditions';
export { fileRoutes } from './routes';
export { claimUploadedFile, removeExpiredResumableUploads, resumableStoreFor } from './resumable-uploads';
export { resumableUploadRoutes } from './tus-routes';
export { makeSharePoster, SHARE_POSTER_CONTENT_TYPE, SHARE_POSTER_HEIGHT, SHARE_POSTER_WIDTH } from './share-poster';
export { registerStoredFiles } from './serve';
export {
  type IncomingFile,
  largestAllowedBytes,
  PROFILE_IMAGE_POLICY,
  purgeDeletedFiles,
  removeStoredObjects,
  storeUpload,
  uploadFile,
  type UploadPolicy,
} from './service';
export { storageDriverFor } from './storage';
export type { StorageDriver } from './storage-driver';
export { type FileRow, type FilesTables, type ShownFile } from './table';
export { makeThumbnail, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_EXTENSION } from './thumbnails';
export { removeUserImage, replaceUserImage, useUploadedUserImage } from './user-image';
export { DEFAULT_UPLOAD_QUOTA, type UploadBudget, withinUploadQuota } from './quota';
