import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from '../db';
import { freePort } from './free-port';

describe('startEmbeddedPostgres', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('names the server that still runs on the data folder, and starts once it is gone or its lock file is stale', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'fanmission-embedded-pg-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const dataDir = path.join(folder, 'pg');
    const settings = { fsync: 'off' };
    const first: RunningPostgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), settings });
    let firstStopped = false;
    cleanups.push(() => (firstStopped ? Promise.resolve() : first.stop()));

    // An earlier run that died left its server running: the error says so, with its pid and port.
    const port = Number(new URL(first.url).port);
    await expect(startEmbeddedPostgres({ dataDir, port: await freePort(), settings })).rejects.toThrow(
      new RegExp(`PostgreSQL already runs on .*pg \\(pid \\d+, port ${port}\\).*stop it first \\(kill \\d+\\)`),
    );

    await first.stop();
    firstStopped = true;
    // A lock file naming a process that is gone (a crash) does not keep the server from starting.
    await writeFile(path.join(dataDir, 'postmaster.pid'), `999999999\n${dataDir}\n0\n${port}\n`);
    const second = await startEmbeddedPostgres({ dataDir, port: await freePort(), settings });
    await second.stop();
  }, 120_000);
});
