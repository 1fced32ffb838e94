// Start-up costs of the development loop, each printed against a baseline measured in the same run:
//   node --import tsx tests/bench/startup.ts
// 1. a test file's database: cloning the migrated template vs creating an empty database and migrating it;
// 2. the real components a full `npm test` starts (PostgreSQL, Temporal test server, Kafka, SMTP, Chromium);
// 3. warm `npm start` until /api/v1/health answers UP (on a scratch DATA_DIR and spare ports).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import pg from 'pg';
import { createDb, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { ensureTemporalTestServer } from '../../scripts/infra/temporal-test-server';
import { launchBrowser } from '../harness/browser';
import { freePort } from '@fanmission/services/runtime';
import { startKafka } from '../harness/kafka';
import { startSmtpServer } from '../harness/smtp';
import { REPO_ROOT } from '../../scripts/lib/paths';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-bench-'));
await fs.chmod(scratch, 0o755);

// 1. Test databases.
const postgresPort = await freePort();
const [postgres, postgresStart] = await time(() =>
  startEmbeddedPostgres({
    dataDir: path.join(scratch, 'pg'),
    port: postgresPort,
    settings: { fsync: 'off' },
  }),
);
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('create database bench_template');
const template = createDb(postgres.urlFor('bench_template'), { max: 1 });
await migrateToLatest(template);
await template.destroy();
const clones: number[] = [];
const fresh: number[] = [];
for (let round = 0; round < 5; round += 1) {
  clones.push(
    (await time(() => admin.query(`create database clone_${round} template bench_template strategy file_copy`)))[1],
  );
  const [, freshMs] = await time(async () => {
    await admin.query(`create database fresh_${round}`);
    const db = createDb(postgres.urlFor(`fresh_${round}`), { max: 1 });
    await migrateToLatest(db);
    await db.destroy();
  });
  fresh.push(freshMs);
}
await admin.end();
await postgres.stop();
console.log(
  `test file database: clone ${seconds(median(clones))} vs create + migrate ${seconds(median(fresh))} ` +
    `→ ${(median(fresh) / median(clones)).toFixed(1)}× faster (target ≤ 1 s)`,
);

// 2. Components started by a full test run (warm caches).
const executable = await ensureTemporalTestServer();
const [temporal, temporalMs] = await time(() =>
  TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: executable } } }),
);
const [kafka, kafkaMs] = await time(() => startKafka());
const [smtp, smtpMs] = await time(() => startSmtpServer());
const [browser, browserMs] = await time(() => launchBrowser());
await Promise.all([temporal.teardown(), kafka.stop(), smtp.stop(), browser.close()]);
const total = postgresStart + temporalMs + kafkaMs + smtpMs + browserMs;
console.log(
  `components: PostgreSQL ${seconds(postgresStart)}, Temporal ${seconds(temporalMs)}, Kafka ${seconds(kafkaMs)}, ` +
    `SMTP ${seconds(smtpMs)}, Chromium ${seconds(browserMs)} → ${seconds(total)} in total ` +
    `(${(total / 30_000).toFixed(2)}× the 30 s budget)`,
);

// 3. Warm npm start to healthy.
const port = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: path.join(scratch, 'data'),
  EMBEDDED_POSTGRES_PORT: String(await freePort()),
  TEMPORAL_DEV_PORT: String(await freePort()),
  TEMPORAL_UI_PORT: String(await freePort()),
};
async function startToHealthy(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    while (performance.now() - started < 60_000) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`npm start did not become healthy within 60 s:\n${output}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
const first = await startToHealthy();
const warm = await startToHealthy();
console.log(
  `npm start → healthy: first (new DATA_DIR) ${seconds(first)}, warm ${seconds(warm)} ` +
    `(${(warm / 20_000).toFixed(2)}× the 20 s budget)`,
);

await fs.rm(scratch, { recursive: true, force: true });
