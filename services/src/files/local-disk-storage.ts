import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORED_FILES_PATH, type StorageDriver } from './storage-driver';

/** Folder (inside the root, so a rename is atomic) where puts are written before they appear under their key. */
export const INCOMING_FOLDER = '.incoming';

/** Keys are relative paths of plain segments: no `..`, no leading slash, no dot-files. */
const KEY_PATTERN =
  /^(?:[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\/)*[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Stores objects as files under `root`, served by the API at `/files/<key>`. A put is written to a temporary file
 * and renamed into place only once complete, so readers never see half a file and a failure leaves nothing behind.
 */
export function localDiskStorage(options: { root: string }): StorageDriver {
  const root = path.resolve(options.root);
  const incoming = path.join(root, INCOMING_FOLDER);

  const pathOf = (key: string): string => {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    localRoot: root,

    async put(key: string, body: Readable | Buffer): Promise<void> {
      const target = pathOf(key);
      await fs.mkdir(incoming, { recursive: true });
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = path.join(incoming, randomUUID());
      let file: WriteStream | undefined;
      try {
        if (Buffer.isBuffer(body)) await fs.writeFile(temporary, body, { flag: 'wx' });
        else await pipeline(body, (file = createWriteStream(temporary, { flags: 'wx' })));
        await fs.rename(temporary, target);
      } catch (error) {
        // A body failing early (an upload over its limit) can reject the pipeline while the file is still being
        // opened: wait until the stream has closed, or the file would appear after it was removed.
        if (file && !file.closed) await once(file, 'close').catch(() => undefined);
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      await fs.rm(pathOf(key), { force: true });
    },

    url(key: string): string {
      return `${STORED_FILES_PATH}/${key}`;
    },
  };
}
