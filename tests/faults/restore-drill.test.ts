import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection, Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@fanmission/ledger';
import { buildApp } from '@fanmission/services/app';
import {
  BARMAN_SERVER,
  listBaseBackups,
  runBarman,
  startBackupSchedule,
  walIncomingDir,
  writeBarmanConfiguration,
} from '@fanmission/services/backup';
import type { AppConfig } from '@fanmission/services/config';
import type { Db } from '@fanmission/services/db';
import { reconcileEventWorkflows } from '@fanmission/services/events';
import { createDevMailbox, type DevMailbox } from '@fanmission/services/mail';
import { reconcileMissionWorkflows } from '@fanmission/services/missions';
import {
  barmanSettingsOf,
  type DatabaseRuntime,
  EVENT_CONSUMERS,
  freePort,
  openDatabase,
  startTemporalDevServer,
  type TemporalDevServer,
} from '@fanmission/services/runtime';
import { GENEROUS_RATE_LIMITS, testConfig } from '@fanmission/tests/harness/app';
import { chargeCoins } from '@fanmission/tests/support/coins';
import { countersOffTheirRecount } from '@fanmission/tests/support/counters';
import { releasedMission } from '@fanmission/tests/support/income';
import { basicRequest, createProduct, createVerifiedCreator } from '@fanmission/tests/support/missions';
import { ensureBackupTools } from '../../scripts/infra/barman';
import { ensureTemporalCli } from '../../scripts/infra/temporal-cli';
import { REPO_ROOT } from '../../scripts/lib/paths';

/*
 * The restore drill. The embedded database runs as `npm start` runs it (services/src/runtime/database.ts: its WAL
 * archived into BACKUP_DIR). In three rounds a member signs up and confirms his address, buys coins, follows a
 * creator, requests a mission (its workflow running) and pays for one the creator performed: before `npm run backup`,
 * after it, and after a noted time. The last WAL segment is forced into the archive (`barman switch-wal --archive`, no
 * wait for archive_timeout), and `npm run restore -- --target-time <noted>` writes a new data directory. Started on
 * it as `npm start` starts a data directory (the embedded server, migrations, a Temporal dev server of its own):
 * exactly the first two rounds are there, the ledger's verify finds 0 differences, the counters kept by triggers equal
 * their recount, the reconcilers (the worker's, run once here without their 30 s grace) start a workflow for every
 * open mission and lottery event, each then running on the new Temporal server, and `npm start`'s backup schedule
 * takes the restored database's first base backup into an archive of its own.
 */

const scratch = mkdtempSync(path.join(os.tmpdir(), 'fanmission-restore-drill-'));
// As root the database runs as `postgres`, which must reach the data directories inside.
chmodSync(scratch, 0o755);
const originalDir = path.join(scratch, 'data');
const restoredDir = path.join(scratch, 'restored');

interface Round {
  email: string;
  paymentId: string;
  missionId: number;
  performedMissionId: number;
}

let originalConfig: AppConfig;
let restoredConfig: AppConfig;
let original: DatabaseRuntime;
let originalApp: FastifyInstance;
let mailbox: DevMailbox;
let creatorId: number;
let productId: number;
const rounds: Partial<Record<'beforeBackup' | 'beforeTarget' | 'afterTarget', Round>> = {};
let targetTime: Date;
let restore: { code: number | null; output: string; seconds: number };
let restored: DatabaseRuntime;
let restoredApp: FastifyInstance;
let temporal: TemporalDevServer;
let temporalConnection: Connection;
let reconciled: { missions: number; events: number };

const PASSWORD = 'letters123';
const log = (line: string) => console.log(`[restore-drill] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run <command>` as a user runs it; its output and wall time. */
function npmRun(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  onOutput: (outputSoFar: string) => void = () => {},
) {
  return new Promise<{ code: number | null; output: string; seconds: number }>((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['scripts/bootstrap.mjs', command, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput(output);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('close', (code) => resolve({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

async function buildDrillApp(config: AppConfig, db: Db, devMailbox: DevMailbox) {
  const app = await buildApp({
    config,
    db,
    mailer: devMailbox,
    devMailbox,
    logger: false,
    rateLimits: GENEROUS_RATE_LIMITS,
    eventConsumers: EVENT_CONSUMERS,
  });
  await app.ready();
  return app;
}

const login = (app: FastifyInstance, username: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password: PASSWORD } });

/**
 * A member signs up and confirms his address, buys 100 coins, follows the creator and requests a mission (whose
 * workflow then runs), and the creator is paid for a mission he performed for him.
 */
async function writeRound(name: string): Promise<Round> {
  const email = `${name}@drill.example`;
  const signUp = await originalApp.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: { 'accept-language': 'en' },
    payload: {
      username: name,
      email,
      password: PASSWORD,
      phone: '01012345678',
      address: '서울특별시 강남구 테헤란로 1',
      addressDetail: '101호',
      verifySuccessUrl: `${originalConfig.PUBLIC_URL}/email-sent/success-auth-public-user`,
      birthDate: '2000-01-15',
    },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const { id: userId } = signUp.json<{ id: number }>();
  const link = mailbox
    .list()
    .find((sent) => sent.to.includes(email))
    ?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no verification mail to ${email}`);
  const verified = await originalApp.inject({
    method: 'POST',
    url: '/api/v1/users/email-verification',
    payload: { token: decodeURIComponent(new URL(link).hash.replace(/^#token=/, '')) },
  });
  expect(verified.statusCode, verified.body).toBeLessThan(400);
  const { paymentId } = await chargeCoins(original.db, { userId, coins: 100, at: new Date() });
  const session = await login(originalApp, email);
  expect(session.statusCode, session.body).toBe(200);
  const headers = { 'accept-language': 'en', authorization: String(session.headers.authorization) };
  const followed = await originalApp.inject({
    method: 'POST',
    url: `/api/v1/creators/${creatorId}/follower`,
    headers,
    payload: { userId },
  });
  expect(followed.statusCode, followed.body).toBe(200);
  const requested = await originalApp.inject({
    method: 'POST',
    url: '/api/v1/missions',
    headers,
    payload: basicRequest(productId),
  });
  expect(requested.statusCode, requested.body).toBe(200);
  const missionId = requested.json<{ id: number }>().id;
  // What the API records once Temporal has started the mission's workflow (this app has no Temporal of its own).
  await original.db
    .updateTable('missions')
    .set({ workflow_started_at: new Date() })
    .where('id', '=', missionId)
    .execute();
  const performed = await releasedMission(original.db, { creatorId, coins: 20, at: new Date(), fanId: userId });
  return { email, paymentId, missionId, performedMissionId: performed.missionId };
}

const databaseClock = async (db: Db) =>
  (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db)).rows[0]!.now;

/** The database clock read once it is a whole millisecond past `instant` (what a restore target can tell apart). */
async function databaseClockPast(db: Db, instant: Date): Promise<Date> {
  for (;;) {
    const now = await databaseClock(db);
    if (now.getTime() > instant.getTime()) return now;
    await sleep(1);
  }
}

const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

let backupEnv: Record<string, string>;

/**
 * Holds Barman's backup lock of the server (the `.fanmission-backup.lock` a running `barman backup` holds, an flock),
 * as another backup under way would, until released (at the latest after a minute). Resolves once it is held.
 */
async function holdBarmanBackupLock(backupDir: string): Promise<{ release(): Promise<void> }> {
  const lock = path.join(backupDir, `.${BARMAN_SERVER}-backup.lock`);
  const holder = spawn(
    'python3',
    [
      '-c',
      'import fcntl, sys\nf = open(sys.argv[1], "a")\nfcntl.flock(f, fcntl.LOCK_EX)\nprint("held", flush=True)\nsys.stdin.readline()',
      lock,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    holder.once('error', reject);
  });
  const release = () => {
    holder.stdin.end('\n');
    return exited;
  };
  setTimeout(() => void release(), 60_000).unref();
  return { release };
}

beforeAll(async () => {
  const tools = await ensureBackupTools(log);
  backupEnv = { BACKUP_ENABLED: 'true', BARMAN_PATH: tools.barman, RSYNC_PATH: tools.rsync };
  originalConfig = testConfig({
    ...backupEnv,
    DATA_DIR: originalDir,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
  });
  original = await timed('embedded server and migrations', () =>
    openDatabase(originalConfig, { migrate: true, log: () => undefined }),
  );
  mailbox = createDevMailbox({ from: originalConfig.MAIL_FROM });
  originalApp = await buildDrillApp(originalConfig, original.db, mailbox);
  const creator = await createVerifiedCreator(originalApp);
  creatorId = creator.creatorId;
  productId = await createProduct(original.db, creatorId, 'BASIC', { coinPrice: 10 });
  rounds.beforeBackup = await writeRound('drill-before-backup');

  // Another base backup under way (as `npm start`'s first one right after a start): Barman's backup lock held until
  // `npm run backup` says it waits for it; then it takes its own.
  const otherBackup = await holdBarmanBackupLock(originalConfig.BACKUP_DIR);
  const backup = await timed('npm run backup', () =>
    npmRun(
      'backup',
      [],
      {
        ...backupEnv,
        DATA_DIR: originalDir,
        EMBEDDED_POSTGRES_PORT: String(originalConfig.EMBEDDED_POSTGRES_PORT),
      },
      (output) => {
        if (/waiting for it to end/.test(output)) void otherBackup.release();
      },
    ),
  );
  await otherBackup.release();
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/another base backup is under way; waiting for it to end \(0 s\)/);
  expect(backup.output).toMatch(/base backup \S+ .*taken and verified/);

  rounds.beforeTarget = await writeRound('drill-before-target');
  // Commit times are microseconds, the target milliseconds: the target is the first millisecond of the database
  // clock after the earlier writes committed, and the later writes start once that millisecond has passed.
  targetTime = await databaseClockPast(original.db, await databaseClock(original.db));
  await databaseClockPast(original.db, targetTime);
  rounds.afterTarget = await writeRound('drill-after-target');
  await timed('WAL switched and archived', async () => {
    const settings = barmanSettingsOf(originalConfig, original.adminUrl!);
    const configuration = await writeBarmanConfiguration(settings);
    await runBarman(settings, configuration, [
      'switch-wal',
      '--force',
      '--archive',
      '--archive-timeout',
      '30',
      BARMAN_SERVER,
    ]);
  });

  restore = await timed('npm run restore', () =>
    npmRun('restore', ['--target-time', targetTime.toISOString()], {
      ...backupEnv,
      DATA_DIR: restoredDir,
      BACKUP_DIR: originalConfig.BACKUP_DIR,
    }),
  );
  expect(restore.code, restore.output).toBe(0);

  // As `npm start` starts the restored directory: its embedded server and migrations, a Temporal server of its own.
  restoredConfig = testConfig({
    ...backupEnv,
    DATA_DIR: restoredDir,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
  });
  restored = await timed('restored directory started', () =>
    openDatabase(restoredConfig, { migrate: true, log: () => undefined }),
  );
  restoredApp = await buildDrillApp(restoredConfig, restored.db, createDevMailbox({ from: restoredConfig.MAIL_FROM }));
  temporal = await timed('Temporal dev server', async () =>
    startTemporalDevServer({
      binary: await ensureTemporalCli(),
      dataDir: path.join(restoredDir, 'temporal'),
      port: await freePort(),
    }),
  );
  temporalConnection = await Connection.connect({ address: temporal.address });
  const context = {
    db: restored.db,
    log: restoredApp.ctx.log,
    now: () => new Date(),
    temporal: { client: new Client({ connection: temporalConnection }), taskQueue: 'restore-drill' },
  };
  reconciled = await timed('reconcilers', async () => ({
    missions: await reconcileMissionWorkflows(context, { graceMs: 0 }),
    events: await reconcileEventWorkflows(context, { graceMs: 0 }),
  }));
}, 240_000);

afterAll(async () => {
  await restoredApp?.close();
  await originalApp?.close();
  await temporalConnection?.close();
  await temporal?.stop();
  await restored?.stop();
  await original?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('restore drill: npm run backup, then npm run restore to a noted time into a new data directory', () => {
  it('brings back exactly the writes committed before the time: members, charges, follows, missions', async () => {
    const { db } = restored;
    const present = async (round: Round) => {
      const user = await db.selectFrom('users').select('id').where('email', '=', round.email).executeTakeFirst();
      const payment = await db.selectFrom('payments').select('id').where('id', '=', round.paymentId).executeTakeFirst();
      const missions = await db
        .selectFrom('missions')
        .select('id')
        .where('id', 'in', [round.missionId, round.performedMissionId])
        .execute();
      const follows = user
        ? await db.selectFrom('follows').select('creator_id').where('user_id', '=', user.id).execute()
        : [];
      return { member: !!user, charge: !!payment, missions: missions.length, follows: follows.length };
    };
    const everything = { member: true, charge: true, missions: 2, follows: 1 };
    expect(await present(rounds.beforeBackup!)).toEqual(everything);
    expect(await present(rounds.beforeTarget!)).toEqual(everything);
    expect(await present(rounds.afterTarget!)).toEqual({ member: false, charge: false, missions: 0, follows: 0 });
    expect((await login(restoredApp, rounds.beforeBackup!.email)).statusCode).toBe(200);
    expect((await login(restoredApp, rounds.beforeTarget!.email)).statusCode).toBe(200);
    expect((await login(restoredApp, rounds.afterTarget!.email)).statusCode).toBe(401);
    // No account is younger than the time, and PostgreSQL says it stopped its replay there.
    const [latest] = (await sql<{ at: Date }>`select max(created_at) as at from users`.execute(db)).rows;
    expect(latest!.at.getTime()).toBeLessThanOrEqual(targetTime.getTime());
    expect(restore.output).toMatch(/recovery stopping before commit/);
  });

  it('leaves a ledger whose verify finds 0 differences, and counters equal to their recount', async () => {
    const report = await verify(restored.db);
    expect(report.differences).toEqual([]);
    // Per round: the charge, the mission's hold, the performed mission's purchase, hold and release.
    expect(report.transactions).toBe(10);
    const [totals] = (
      await sql<{ followers: number; earnings: number }>`
        select (select followers from creator_page_totals where creator_id = ${creatorId}) as followers,
          (select sum(coins)::int from creator_month_earnings where creator_id = ${creatorId}) as earnings`.execute(
        restored.db,
      )
    ).rows;
    expect(totals).toEqual({ followers: 2, earnings: 40 });
    expect(await countersOffTheirRecount(restored.db)).toEqual({
      creatorPages: 0,
      creatorMonthEarnings: 0,
      settlementMonths: 0,
      unsettledEarnings: 0,
      creatorMissionTotals: 0,
      productMissionCounts: 0,
      creatorSupporters: 0,
      missionAdultFlags: 0,
    });
  });

  it('has the reconcilers start a workflow for every open mission and lottery event, each running', async () => {
    const { db } = restored;
    // A lottery application (type EVENT) has no workflow of its own: its event's decides it.
    const openMissions = await db
      .selectFrom('missions')
      .select('id')
      .where('status', 'in', ['REQUESTED', 'ACCEPTED', 'TRANSCODING'])
      .where('type', '<>', 'EVENT')
      .execute();
    const openEvents = await db
      .selectFrom('lottery_events')
      .select('product_id')
      .where('status', 'not in', ['CLOSED', 'CANCELED'])
      .execute();
    expect(openMissions.map(({ id }) => id).sort()).toEqual(
      [rounds.beforeBackup!.missionId, rounds.beforeTarget!.missionId].sort(),
    );
    expect(restore.output).toContain(`${openMissions.length} open missions and ${openEvents.length} lottery events`);
    expect(reconciled).toEqual({ missions: openMissions.length, events: openEvents.length });
    // The workflow ids of services/src/missions/workflow-client.ts and services/src/events/workflow-client.ts.
    const workflowIds = [
      ...openMissions.map(({ id }) => `mission-${id}`),
      ...openEvents.map(({ product_id }) => `event-${product_id}`),
    ];
    const client = new Client({ connection: temporalConnection });
    const statuses: Record<string, number> = {};
    for (const workflowId of workflowIds) {
      const status = (await client.workflow.getHandle(workflowId).describe()).status.name;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ RUNNING: workflowIds.length });
  });

  it("is backed up again: npm start's schedule takes the restored database's first base backup", async () => {
    const taken = await timed('schedule: first base backup of the restored database', async () => {
      const lines: string[] = [];
      let stopWaiting = () => {};
      const outcome = new Promise<void>((resolve) => (stopWaiting = resolve));
      const schedule = startBackupSchedule({
        settings: barmanSettingsOf(restoredConfig, restored.adminUrl!),
        incomingDir: walIncomingDir(restoredConfig),
        intervalHours: 24,
        log: (line) => {
          lines.push(line);
          stopWaiting();
        },
      });
      await Promise.race([outcome, sleep(60_000)]);
      await schedule.stop();
      return lines;
    });
    expect(taken.join('\n')).toMatch(/^backup: base backup \S+ taken and verified/);
    const settings = barmanSettingsOf(restoredConfig, restored.adminUrl!);
    const backups = await listBaseBackups(settings, await writeBarmanConfiguration(settings));
    expect(backups.map((backup) => backup.status)).toEqual(['DONE']);
  });

  it('refuses to restore into a data directory that is not empty, and says so', async () => {
    const refused = await npmRun('restore', [], {
      ...backupEnv,
      DATA_DIR: restoredDir,
      BACKUP_DIR: originalConfig.BACKUP_DIR,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`[restore] DATA_DIR (${restoredDir}) is not empty: a restore writes a new`);
  });

  it('restores in well under a minute', () => {
    log(`recovery time of the drill's database (npm run restore, wall clock): ${restore.seconds.toFixed(1)} s`);
    expect(restore.seconds).toBeLessThan(60);
  });
});
