import { Readable } from 'node:stream';
import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';
import { AppError } from '../http';

/** How many leading bytes the type is recognised from (file-type's own recommendation). */
export const SNIFF_BYTES = 4100;

/** 413 naming the limit in megabytes, in the caller's language. */
export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(413, 'files.tooLarge', {
    code: 'FILE_TOO_LARGE',
    params: { max: `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB` },
  });
}

/** An upload whose first bytes have been read and recognised; the rest has not been read yet. */
export interface SniffedUpload {
  /** What the bytes are, whatever the file's name or declared type claim; undefined when nothing matches. */
  type: FileTypeResult | undefined;
  /** How many bytes the type was recognised from: SNIFF_BYTES, or fewer when the source ended before. */
  headLength: number;
  /** Every byte of the upload, from the first; can be consumed once. */
  chunks: AsyncIterable<Buffer>;
  /** Stops reading and destroys the source (a rejected upload is not read to its end). */
  discard(): Promise<void>;
}

/** Reads just enough of the upload to tell what it is. */
export async function sniffUpload(source: Readable): Promise<SniffedUpload> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headLength = 0;
  let sourceEnded = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      sourceEnded = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const headBytes = Buffer.concat(head);

  async function* chunks(): AsyncGenerator<Buffer> {
    let finished = sourceEnded;
    try {
      if (headBytes.length > 0) yield headBytes;
      while (!finished) {
        const next = await iterator.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } finally {
      // Leaving early (a limit was passed, the store failed) destroys the source instead of leaving it paused.
      if (!finished) await iterator.return?.();
    }
  }

  return {
    // The same bytes whatever the chunks' sizes: the first SNIFF_BYTES (a chunk may hold far more of the file).
    type: await fileTypeFromBuffer(headBytes.subarray(0, SNIFF_BYTES)),
    headLength: headBytes.length,
    chunks: chunks(),
    discard: async () => {
      if (!sourceEnded) await iterator.return?.();
    },
  };
}

/** The whole upload in memory, for small files only: more than maxBytes is `overLimit` (a 413 by default). */
export async function readAllBytes(
  chunks: AsyncIterable<Buffer>,
  maxBytes: number,
  overLimit: () => AppError = () => fileTooLarge(maxBytes),
): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > maxBytes) throw overLimit();
    parts.push(chunk);
  }
  return Buffer.concat(parts, total);
}

/**
 * The upload as a stream that fails with `overLimit` (a 413 by default) as soon as it passes maxBytes; `bytes()`
 * counts what went through.
 */
export function limitedStream(
  chunks: AsyncIterable<Buffer>,
  maxBytes: number,
  overLimit: () => AppError = () => fileTooLarge(maxBytes),
): { stream: Readable; bytes(): number } {
  let total = 0;
  async function* limited(): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      total += chunk.length;
      if (total > maxBytes) throw overLimit();
      yield chunk;
    }
  }
  return { stream: Readable.from(limited(), { objectMode: false }), bytes: () => total };
}
