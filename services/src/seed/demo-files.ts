import { copyFile, link, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DbExecutor } from '../db';
import { insertFile, makeThumbnail, type StorageDriver, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_EXTENSION } from '../files';
import type { CachedFile, DemoMediaPool, PoolVideo, PoolVoice } from './demo-media-pool';

/**
 * Writes pooled media as uploaded files: one file row (and one stored object) per use, so deleting one never takes
 * another's bytes. On local disk the object is a hard link to the cached item (a copy across file systems); a remote
 * store gets a put. Keys are `demo/<prefix>/<name>.<ext>`, the same for the same seed and clock.
 */
export class DemoFiles {
  private readonly thumbnails = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: DbExecutor,
    private readonly storage: StorageDriver,
    private readonly pool: DemoMediaPool,
    private readonly prefix: string,
    /**
     * When the rows say the files were uploaded: before the last day, so that the demo creators' upload quota
     * (files an hour, bytes a day: services/src/files/quota.ts) is theirs to use right after the first start.
     */
    private readonly uploadedAt: Date,
  ) {}

  /** An image with its WebP thumbnail; returns the file id. */
  async image(owner: number | null, item: CachedFile, name: string): Promise<number> {
    const key = await this.store(item, name);
    const thumbnailKey = `demo/${this.prefix}/${name}.thumb.${THUMBNAIL_EXTENSION}`;
    let thumbnail = this.thumbnails.get(item.file);
    if (!thumbnail) {
      thumbnail = readFile(this.pool.file(item)).then(makeThumbnail);
      this.thumbnails.set(item.file, thumbnail);
    }
    await this.storage.put(thumbnailKey, await thumbnail, THUMBNAIL_CONTENT_TYPE);
    return await this.row(owner, item, key, `${name}${path.extname(item.file)}`, 'image', thumbnailKey, null);
  }

  /** A video and its poster frame (a file row of its own, as the mission workflow records it). */
  async video(owner: number | null, item: PoolVideo, name: string): Promise<{ video: number; poster: number }> {
    const posterKey = await this.store(item.poster, `${name}.poster`);
    const poster = await this.row(owner, item.poster, posterKey, `${name}-poster.jpg`, 'image', null, null);
    const key = await this.store(item.video, name);
    const video = await this.row(owner, item.video, key, `${name}.mp4`, 'video', posterKey, item.seconds);
    return { video, poster };
  }

  async voice(owner: number | null, item: PoolVoice, name: string): Promise<number> {
    const key = await this.store(item.audio, name);
    const filename = `${name}${path.extname(item.audio.file)}`;
    return await this.row(owner, item.audio, key, filename, 'audio', null, item.seconds);
  }

  private async row(
    owner: number | null,
    item: CachedFile,
    key: string,
    filename: string,
    kind: 'image' | 'video' | 'audio',
    thumbnailKey: string | null,
    seconds: number | null,
  ): Promise<number> {
    const file = await insertFile(this.db, {
      owner_user_id: owner,
      storage_key: key,
      filename,
      content_type: item.contentType,
      kind,
      size_bytes: item.bytes,
      thumbnail_key: thumbnailKey,
      duration_seconds: seconds,
      processing_status: 'ready',
      created_at: this.uploadedAt,
    });
    return file.id;
  }

  private async store(item: CachedFile, name: string): Promise<string> {
    const key = `demo/${this.prefix}/${name}${path.extname(item.file)}`;
    const source = this.pool.file(item);
    const root = this.storage.localRoot;
    if (!root) {
      await this.storage.put(key, await readFile(source), item.contentType);
      return key;
    }
    const target = path.join(root, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return;
      await copyFile(source, target);
    });
    return key;
  }
}
