// The daily coin expiry warnings on a time-skipping Temporal server, with a real SMTP listener:
// day after day across both thresholds, each fan is warned 30 and 7 days before a lot expires, by notification and
// e-mail, exactly once per lot and threshold, however often the day's run repeats.
import { randomUUID } from 'node:crypto';
import { DAY_MS, koreaDate, type Language } from '@fanmission/contracts';
import { grantBonus, purchase } from '@fanmission/ledger';
import { createCoinExpiryWarningActivities } from '@fanmission/services/coins';
import { createSmtpMailer, type Mailer } from '@fanmission/services/mail';
import { expiryAsOf, warnExpiringCoins, type CoinExpiryWarningResult } from '@fanmission/workflows/coins';
import { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { startSmtpServer, type SmtpTestServer } from '@fanmission/tests/harness/smtp';
import { useTemporalTestEnvironment, withTestWorker } from '@fanmission/tests/harness/temporal';

const env = await useTemporalTestEnvironment();
const database = useTestDatabase();
// A plain client (as in the settlement suite): awaiting a result through the time-skipping client unlocks time
// skipping and lets the server jump to its next timer, years ahead. Time moves here only by `env.sleep`.
const client = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });

let smtp: SmtpTestServer;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = createSmtpMailer({ smtpUrl: smtp.url, from: 'Fanmission <no-reply@fanmission.local>' });
});

afterAll(async () => {
  await mailer?.close();
  await smtp?.stop();
});

async function createFan(language: Language): Promise<{ id: number; email: string }> {
  const email = `fan-${randomUUID()}@example.com`;
  const row = await database.current.db
    .insertInto('users')
    .values({
      username: `fan-${randomUUID().slice(0, 8)}`,
      email,
      provider: 'local',
      roles: ['ROLE_USER'],
      password_hash: 'not-a-real-hash',
      language,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

/** The instant 5 years before `expiresAt`: a lot credited then expires at `expiresAt`. */
function creditedFor(expiresAt: Date): Date {
  const credited = new Date(expiresAt.getTime());
  credited.setUTCFullYear(credited.getUTCFullYear() - 5);
  return credited;
}

describe('coin expiry warnings', () => {
  it('warns 30 and 7 days before each lot expires, once per lot and threshold, by notification and e-mail', async () => {
    const db = database.current.db;
    const start = new Date(await env.currentTimeMs());
    // Lots expire at noon (Korea) N days after the start of today in Korea, the instant the day's run counts from.
    const base = expiryAsOf(koreaDate(start)).getTime();
    const expiringIn = (days: number) => new Date(base + days * DAY_MS + DAY_MS / 2);
    const ja = await createFan('ja');
    const ko = await createFan('ko');
    // ja: a charge expiring in 40 days. ko: free coins expiring in 20 days (first seen inside 30 days: warned on the
    // first run) and a charge expiring in 3 days (first seen inside 7 days: only the 7-day warning).
    await purchase(db, {
      userId: ja.id,
      coins: 100,
      paymentId: `payment-${randomUUID()}`,
      idempotencyKey: `purchase-${randomUUID()}`,
      now: creditedFor(expiringIn(40)),
    });
    await grantBonus(db, {
      userId: ko.id,
      coins: 10,
      reason: 'FREE_COIN_EVENT',
      idempotencyKey: `bonus-${randomUUID()}`,
      now: creditedFor(expiringIn(20)),
    });
    await purchase(db, {
      userId: ko.id,
      coins: 30,
      paymentId: `payment-${randomUUID()}`,
      idempotencyKey: `purchase-${randomUUID()}`,
      now: creditedFor(expiringIn(3)),
    });

    const activities = createCoinExpiryWarningActivities({ db, mailer, publicUrl: 'http://fanmission.test' });
    const results: CoinExpiryWarningResult[] = [];
    await withTestWorker(env, { activities }, async (taskQueue) => {
      for (let day = 0; day <= 42; day += 1) {
        // The Schedule's run, by the workflow clock; on some days a second run of the same day (a retry, a manual
        // trigger) warns nobody again.
        const runs = day % 5 === 0 ? 2 : 1;
        for (let run = 0; run < runs; run += 1) {
          results.push(
            await client.workflow.execute(warnExpiringCoins, {
              taskQueue,
              workflowId: `coin-expiry-warnings-${randomUUID()}`,
              args: [{}],
            }),
          );
        }
        await env.sleep(DAY_MS);
      }
    });
    // Each run used the workflow clock's Korea date, one day after the other.
    expect(results[0]!.date).toBe(koreaDate(start));
    expect(new Set(results.map((result) => result.date)).size).toBe(43);

    const warnings = await db
      .selectFrom('coin_expiry_warnings')
      .select(['user_id', 'threshold_days', 'coins', 'warned_at', 'expires_at', 'mailed_at'])
      .where('user_id', 'in', [ja.id, ko.id])
      .orderBy('user_id')
      .orderBy('warned_at')
      .execute();
    const summary = warnings.map((warning) => ({
      user: warning.user_id === ja.id ? 'ja' : 'ko',
      threshold: warning.threshold_days,
      coins: warning.coins,
      mailed: warning.mailed_at !== null,
      // How long before the expiry the warning went out.
      daysBefore: Math.ceil((warning.expires_at.getTime() - warning.warned_at.getTime()) / DAY_MS),
    }));
    expect(summary).toEqual(
      expect.arrayContaining([
        { user: 'ja', threshold: 30, coins: 100, mailed: true, daysBefore: 30 },
        { user: 'ja', threshold: 7, coins: 100, mailed: true, daysBefore: 7 },
        { user: 'ko', threshold: 7, coins: 30, mailed: true, daysBefore: 4 },
        { user: 'ko', threshold: 30, coins: 10, mailed: true, daysBefore: 21 },
        { user: 'ko', threshold: 7, coins: 10, mailed: true, daysBefore: 7 },
      ]),
    );
    expect(summary).toHaveLength(5);

    // One notification per warning, in the fan's own page.
    const notifications = await db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'params'])
      .where('user_id', 'in', [ja.id, ko.id])
      .execute();
    expect(notifications.filter((row) => row.user_id === ja.id)).toHaveLength(2);
    expect(notifications.filter((row) => row.user_id === ko.id)).toHaveLength(3);
    expect(new Set(notifications.map((row) => row.kind))).toEqual(new Set(['COINS_EXPIRING']));

    // One e-mail per warning, in the fan's language, through real SMTP.
    const toJa = smtp.mails().filter((mail) => mail.to.includes(ja.email));
    expect(toJa.map((mail) => mail.subject)).toEqual([
      '[Fanmission] コイン100枚が30日後に期限切れになります',
      '[Fanmission] コイン100枚が7日後に期限切れになります',
    ]);
    expect(toJa[0]!.text).toContain('http://fanmission.test/my-coins');
    const toKo = smtp.mails().filter((mail) => mail.to.includes(ko.email));
    expect(toKo.map((mail) => mail.subject).sort()).toEqual(
      [
        '[Fanmission] 코인 30개가 7일 후 만료됩니다',
        '[Fanmission] 코인 10개가 30일 후 만료됩니다',
        '[Fanmission] 코인 10개가 7일 후 만료됩니다',
      ].sort(),
    );
    // Across every run, as many warnings recorded and mailed as there are rows: none twice.
    expect(results.reduce((sum, result) => sum + result.warned, 0)).toBe(5);
    expect(results.reduce((sum, result) => sum + result.mailed, 0)).toBe(5);
  }, 180_000);
});
