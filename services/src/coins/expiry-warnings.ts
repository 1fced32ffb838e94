import { randomUUID } from 'node:crypto';
import { DAY_MS, formatKoreaDay, type Language } from '@fanmission/contracts';
import { expiryAsOf, isCalendarDate, type CoinWarningActivities } from '@fanmission/workflows/coins';
import { ApplicationFailure } from '@temporalio/common';
import { sql } from 'kysely';
import type { Db } from '../db';
import { translate } from '../i18n';
import type { Mailer } from '../mail';
import { enqueuePushDeliveries } from '../push';

/*
 * Coin expiry warnings: 30 and 7 days before a lot of a fan's coins expires, a notification and an
 * e-mail, once per lot and threshold. Each warning row is written with its notification in one transaction (the
 * primary key (lot, threshold) makes any later run skip it); the e-mail follows, and `mailed_at` marks it sent, so a
 * retry mails only what an earlier attempt could not (at least once: a crash between sending and marking resends).
 */

export const EXPIRY_WARNING_THRESHOLDS = [30, 7] as const;

export interface CoinExpiryWarningDependencies {
  db: Db;
  mailer: Mailer;
  /** The web app's origin, for the link to `/my-coins`. */
  publicUrl: string;
}

interface DueLot {
  lot_id: number;
  user_id: number;
  remaining: number;
  expires_at: Date;
}

export function createCoinExpiryWarningActivities(deps: CoinExpiryWarningDependencies): CoinWarningActivities {
  return {
    async warnExpiringCoinsOfDate(input) {
      if (!isCalendarDate(input.date)) {
        throw ApplicationFailure.nonRetryable(`not a calendar date: ${input.date}`, 'InvalidExpiryDate');
      }
      const asOf = expiryAsOf(input.date);
      const warned = await recordWarnings(deps.db, asOf);
      const mailed = await mailPendingWarnings(deps);
      return { date: input.date, warned, mailed };
    },
  };
}

/** The threshold a lot is due for: 7 when it expires within 7 days, else 30 (within 30 days). */
function thresholdOf(lot: DueLot, asOf: Date): 30 | 7 {
  return lot.expires_at.getTime() - asOf.getTime() <= 7 * DAY_MS ? 7 : 30;
}

async function recordWarnings(db: Db, asOf: Date): Promise<number> {
  // Wallet lots with coins left that expire after the start of the day and within 30 days of it; frozen wallets
  // (switched to a creator account) are not told about coins they cannot use.
  const { rows } = await sql<DueLot>`
    select l.id::int as lot_id, u.id::int as user_id, l.remaining::int as remaining, l.expires_at
    from ledger_lots l
    join users u on l.account = 'wallet:' || u.id
    where l.remaining > 0
      and l.expires_at > ${asOf}
      and l.expires_at <= ${new Date(asOf.getTime() + 30 * DAY_MS)}
      and u.coins_frozen_at is null
    order by l.expires_at, l.id`.execute(db);
  let warned = 0;
  for (const lot of rows) {
    const threshold = thresholdOf(lot, asOf);
    const recorded = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('coin_expiry_warnings')
        .values({
          lot_id: lot.lot_id,
          threshold_days: threshold,
          user_id: lot.user_id,
          coins: lot.remaining,
          expires_at: lot.expires_at,
          warned_at: asOf,
        })
        .onConflict((conflict) => conflict.columns(['lot_id', 'threshold_days']).doNothing())
        .returning('lot_id')
        .executeTakeFirst();
      if (!inserted) return false;
      const notification = await trx
        .insertInto('notifications')
        .values({
          user_id: lot.user_id,
          kind: 'COINS_EXPIRING',
          mission_id: null,
          mission_comment_id: null,
          actor_user_id: null,
          params: JSON.stringify({
            coins: lot.remaining,
            days: threshold,
            date: formatKoreaDay(lot.expires_at),
          }),
          event_id: randomUUID(),
          created_at: asOf,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueuePushDeliveries(trx, { id: notification.id, userId: lot.user_id, kind: 'COINS_EXPIRING' });
      return true;
    });
    if (recorded) warned += 1;
  }
  return warned;
}

async function mailPendingWarnings(deps: CoinExpiryWarningDependencies): Promise<number> {
  const pending = await deps.db
    .selectFrom('coin_expiry_warnings as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.lot_id', 'w.threshold_days', 'w.coins', 'w.expires_at', 'u.email', 'u.username', 'u.language'])
    .where('w.mailed_at', 'is', null)
    .orderBy('w.warned_at')
    .orderBy('w.lot_id')
    .execute();
  let mailed = 0;
  for (const warning of pending) {
    if (warning.email) {
      await deps.mailer.send(
        expiryWarningMail(warning.language, warning.email, {
          name: warning.username,
          coins: warning.coins,
          days: warning.threshold_days,
          date: formatKoreaDay(warning.expires_at),
          link: `${deps.publicUrl}/my-coins`,
        }),
      );
      mailed += 1;
    }
    await deps.db
      .updateTable('coin_expiry_warnings')
      .set({ mailed_at: new Date() })
      .where('lot_id', '=', warning.lot_id)
      .where('threshold_days', '=', warning.threshold_days)
      .execute();
  }
  return mailed;
}

/** The warning e-mail in the fan's language (texts in the `coinExpiry` catalogue). */
function expiryWarningMail(
  language: Language,
  to: string,
  values: { name: string; coins: number; days: number; date: string; link: string },
) {
  const params = { name: values.name, coins: values.coins, days: values.days, date: values.date };
  const text = [
    translate(language, 'coinExpiry.mailGreeting', params),
    '',
    translate(language, 'coinExpiry.mailBody', params),
    '',
    `${translate(language, 'coinExpiry.mailAction', params)}: ${values.link}`,
  ].join('\n');
  return {
    kind: 'coin_expiry_warning' as const,
    to,
    subject: translate(language, 'coinExpiry.mailSubject', params),
    text,
  };
}
