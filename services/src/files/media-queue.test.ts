import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { MediaToolMemoryError, MediaToolTimeoutError } from './media-probe';
import { drainMediaQueue, MEDIA_QUEUE_MAX_ATTEMPTS, type MediaProcessor } from './media-queue';
import { storageDriverFor } from './storage';

// The media queue that takes video and audio details after the upload answered.

const testApp = useTestApp();

async function pendingFiles(count: number, owner?: { id: number }): Promise<number[]> {
  const { app } = testApp.current;
  owner ??= await createAccount(app);
  const rows = await app.db
    .insertInto('files')
    .values(
      Array.from({ length: count }, () => ({
        owner_user_id: owner!.id,
        storage_key: `test/${randomUUID()}.mp4`,
        filename: 'clip.mp4',
        content_type: 'video/mp4',
        kind: 'video' as const,
        size_bytes: 10,
        thumbnail_key: null,
        processing_status: 'pending' as const,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

const statusOf = async (ids: number[]) =>
  testApp.current.app.db
    .selectFrom('files')
    .select(['id', 'processing_status', 'processing_attempts', 'duration_seconds', 'processing_error'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

/** A runner; one member's files may run `perMember` at once (as many as the suite starts unless told). */
function options(processor: MediaProcessor, concurrency = 2, now = () => new Date(), perMember = 100) {
  const { app } = testApp.current;
  const config = { ...app.config, MEDIA_QUEUE_PER_MEMBER: perMember };
  return { ctx: { ...app.ctx, config, now }, storage: storageDriverFor(app.config), processor, concurrency };
}

describe('the media queue', () => {
  it('processes every pending file exactly once, even with two processes draining at the same time', async () => {
    const ids = await pendingFiles(8);
    const runs = new Map<number, number>();
    // No run ends before four are under way (two lanes in each of the two runners): both runners hold claims at the
    // same time, so each claims while the other has files in hand.
    let allLanesBusy!: () => void;
    const latch = new Promise<void>((resolve) => (allLanesBusy = resolve));
    let underWay = 0;
    const processor: MediaProcessor = async (file) => {
      runs.set(file.id, (runs.get(file.id) ?? 0) + 1);
      underWay += 1;
      if (underWay === 4) allLanesBusy();
      await latch;
      return { durationSeconds: file.id, posterKey: null };
    };
    // Two runners, as two API processes would have, over the same table.
    const [first, second] = await Promise.all([
      drainMediaQueue(options(processor)),
      drainMediaQueue(options(processor)),
    ]);
    expect(first + second).toBe(ids.length);
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    const rows = await statusOf(ids);
    expect(rows.map((row) => [row.processing_status, row.duration_seconds])).toEqual(ids.map((id) => ['ready', id]));
    expect(await drainMediaQueue(options(processor))).toBe(0);
  });

  it('gives a freed slot to a member with no file running before another file of a member with one running', async () => {
    const { app } = testApp.current;
    const [busy, quiet] = [await createAccount(app), await createAccount(app)];
    const burst = await pendingFiles(3, busy);
    const [single] = await pendingFiles(1, quiet);
    // One process runs the busy member's first file and holds it...
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = drainMediaQueue(
      options(async (file) => {
        if (file.id === burst[0]) {
          started();
          await held;
        }
        return { durationSeconds: 1, posterKey: null };
      }, 1),
    );
    await running;
    // ...and the other process takes the quiet member's file first, then the busy member's in the order they came.
    const order: number[] = [];
    await drainMediaQueue(
      options((file) => {
        order.push(file.id);
        return Promise.resolve({ durationSeconds: 1, posterKey: null });
      }, 1),
    );
    release();
    await first;
    expect(order).toEqual([single, burst[1], burst[2]]);
  });

  it('runs at most `concurrency` files at once in a process', async () => {
    const ids = await pendingFiles(6);
    let running = 0;
    let peak = 0;
    // Each claim asks the clock first: the claims asked so far. No run ends before every claim asked has its file in
    // hand (a latch), so all the lanes the queue started run at once, however many they are.
    let claims = 0;
    const clock = () => {
      claims += 1;
      return new Date();
    };
    let everyClaimRunning!: () => void;
    const latch = new Promise<void>((resolve) => (everyClaimRunning = resolve));
    const processor: MediaProcessor = async () => {
      running += 1;
      peak = Math.max(peak, running);
      if (running === claims) everyClaimRunning();
      await latch;
      running -= 1;
      return { durationSeconds: 1, posterKey: null };
    };
    expect(await drainMediaQueue(options(processor, 2, clock))).toBe(ids.length);
    expect(peak).toBe(2);
  });

  it(`fails a poison file after ${MEDIA_QUEUE_MAX_ATTEMPTS} attempts with back-off, and never takes it again`, async () => {
    const [poison] = await pendingFiles(1);
    let clock = Date.now();
    let runs = 0;
    const processor: MediaProcessor = () => {
      runs += 1;
      return Promise.reject(new Error('ffprobe failed (1): Invalid data found when processing input'));
    };
    const drain = () => drainMediaQueue(options(processor, 2, () => new Date(clock)));
    expect(await drain()).toBe(1);
    // Retried later, not at once.
    expect(await drain()).toBe(0);
    expect((await statusOf([poison!]))[0]).toMatchObject({ processing_status: 'pending', processing_attempts: 1 });
    for (let hour = 0; hour < 5; hour += 1) {
      clock += 60 * 60_000;
      await drain();
    }
    expect(runs).toBe(MEDIA_QUEUE_MAX_ATTEMPTS);
    expect((await statusOf([poison!]))[0]).toMatchObject({
      processing_status: 'failed',
      processing_attempts: MEDIA_QUEUE_MAX_ATTEMPTS,
      processing_error: expect.stringContaining('Invalid data'),
    });
  });

  it('fails a file whose run reached its time limit at once, without a retry', async () => {
    const [slow] = await pendingFiles(1);
    let clock = Date.now();
    let runs = 0;
    const processor: MediaProcessor = () => {
      runs += 1;
      return Promise.reject(new MediaToolTimeoutError('/usr/bin/ffmpeg', 3_600_000));
    };
    for (let hour = 0; hour < 3; hour += 1) {
      await drainMediaQueue(options(processor, 2, () => new Date(clock)));
      clock += 60 * 60_000;
    }
    expect(runs).toBe(1);
    expect((await statusOf([slow!]))[0]).toMatchObject({
      processing_status: 'failed',
      processing_attempts: 1,
      processing_error: expect.stringContaining('time limit'),
    });
  });

  it('fails a file whose run reached its memory ceiling at once, without a retry', async () => {
    const [greedy] = await pendingFiles(1);
    let clock = Date.now();
    let runs = 0;
    const processor: MediaProcessor = () => {
      runs += 1;
      return Promise.reject(new MediaToolMemoryError('/usr/bin/ffmpeg', 'Cannot allocate memory'));
    };
    for (let hour = 0; hour < 3; hour += 1) {
      await drainMediaQueue(options(processor, 2, () => new Date(clock)));
      clock += 60 * 60_000;
    }
    expect(runs).toBe(1);
    expect((await statusOf([greedy!]))[0]).toMatchObject({
      processing_status: 'failed',
      processing_attempts: 1,
      processing_error: expect.stringMatching(/^memory ceiling: ffmpeg needed more memory/),
    });
  });

  it('takes back the file of a process that died mid-run once its claim lapses, and fails one that keeps dying', async () => {
    const { app } = testApp.current;
    const [orphan, crasher] = await pendingFiles(2);
    const past = new Date(Date.now() - 60_000);
    // The orphan was claimed once by a process that then died; the crasher has killed every run it ever had.
    await app.db
      .updateTable('files')
      .set({ processing_attempts: 1, processing_locked_until: past })
      .where('id', '=', orphan!)
      .execute();
    await app.db
      .updateTable('files')
      .set({ processing_attempts: MEDIA_QUEUE_MAX_ATTEMPTS, processing_locked_until: past })
      .where('id', '=', crasher!)
      .execute();
    const seen: number[] = [];
    const processor: MediaProcessor = (file) => {
      seen.push(file.id);
      return Promise.resolve({ durationSeconds: 3, posterKey: null });
    };
    await drainMediaQueue(options(processor));
    expect(seen).toEqual([orphan]);
    const [orphanRow, crasherRow] = await statusOf([orphan!, crasher!]);
    expect(orphanRow).toMatchObject({ processing_status: 'ready', processing_attempts: 2 });
    expect(crasherRow).toMatchObject({ processing_status: 'failed' });
  });
});
