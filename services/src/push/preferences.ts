import {
  isAlimtalkTopic,
  koreanMobileNumber,
  NOTIFICATION_KIND_TOPIC,
  NOTIFICATION_TOPIC_AUDIENCE,
  NOTIFICATION_TOPICS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type NotificationTopic,
} from '@fanmission/contracts';
import type { Db, DbExecutor } from '../db';
import { invalidFields } from '../http';

/*
 * A member's channels per topic. Rows exist only where he changed a default: every topic's push and mail are on,
 * except promotions (MARKETING), which are sent on no channel without his consent (정보통신망법 §50 ①), and between
 * 21:00 and 08:00 Korea time only with a second, separate consent (§50 ③).
 */

const KINDS_OF_TOPIC = new Map<NotificationTopic, NotificationKind[]>(NOTIFICATION_TOPICS.map((topic) => [topic, []]));
for (const [kind, topic] of Object.entries(NOTIFICATION_KIND_TOPIC)) {
  KINDS_OF_TOPIC.get(topic)!.push(kind as NotificationKind);
}

/**
 * The member's choices; `alimtalkRuns` says whether this server sends KakaoTalk 알림톡 at all (a provider is
 * configured), which with a mobile number on his profile makes it `available`.
 */
export async function readPreferences(
  db: DbExecutor,
  userId: number,
  alimtalkRuns: boolean,
): Promise<NotificationPreferences> {
  const [rows, consent, user] = await Promise.all([
    db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('marketing_consents').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('users').select(['phone', 'phone_confirmed_at']).where('id', '=', userId).executeTakeFirst(),
  ]);
  const chosen = new Map(rows.map((row) => [row.topic, row]));
  const marketingOn = consent?.consented_at != null;
  return {
    topics: NOTIFICATION_TOPICS.map((topic) => {
      const row = chosen.get(topic);
      const byDefault = topic !== 'MARKETING' || marketingOn;
      return {
        topic,
        audience: NOTIFICATION_TOPIC_AUDIENCE[topic],
        kinds: KINDS_OF_TOPIC.get(topic)!,
        // Promotions stay off on every channel while there is no consent, whatever was chosen before.
        push: (row?.push ?? true) && byDefault,
        mail: (row?.mail ?? true) && byDefault,
        alimtalk: isAlimtalkTopic(topic) ? (row?.alimtalk ?? true) : null,
      };
    }),
    alimtalk: {
      available: alimtalkRuns,
      // A number reached by 알림톡: confirmed with its SMS code (services/src/users/phone-confirmation.ts).
      phoneOnFile: koreanMobileNumber(user?.phone) !== null && user?.phone_confirmed_at != null,
    },
    marketing: {
      consentedAt: consent?.consented_at?.toISOString() ?? null,
      nightConsentedAt: consent?.night_consented_at?.toISOString() ?? null,
    },
  };
}

/**
 * Applies a member's changes. A consent keeps the moment it was first given (the record of it) until it is withdrawn;
 * the night consent needs the day one (a 400 naming `marketing.nightConsent` otherwise).
 */
export async function updatePreferences(
  db: Db,
  userId: number,
  update: NotificationPreferencesUpdate,
  now: Date,
  alimtalkRuns: boolean,
): Promise<NotificationPreferences> {
  if (update.marketing && update.marketing.nightConsent && !update.marketing.consent) {
    throw invalidFields([
      { field: 'marketing.nightConsent', key: 'push.nightConsentNeedsConsent', rejectedValue: true },
    ]);
  }
  await db.transaction().execute(async (trx) => {
    for (const change of update.topics ?? []) {
      if (change.push === undefined && change.mail === undefined && change.alimtalk === undefined) continue;
      const current = await trx
        .selectFrom('notification_preferences')
        .select(['push', 'mail', 'alimtalk'])
        .where('user_id', '=', userId)
        .where('topic', '=', change.topic)
        .executeTakeFirst();
      const push = change.push ?? current?.push ?? true;
      const mail = change.mail ?? current?.mail ?? true;
      const alimtalk = change.alimtalk ?? current?.alimtalk ?? null;
      await trx
        .insertInto('notification_preferences')
        .values({ user_id: userId, topic: change.topic, push, mail, alimtalk, updated_at: now })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'topic']).doUpdateSet({ push, mail, alimtalk, updated_at: now }),
        )
        .execute();
    }
    if (update.marketing) {
      const { consent, nightConsent } = update.marketing;
      const current = await trx
        .selectFrom('marketing_consents')
        .select(['consented_at', 'night_consented_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const consentedAt = consent ? (current?.consented_at ?? now) : null;
      const nightConsentedAt = nightConsent ? (current?.night_consented_at ?? now) : null;
      await trx
        .insertInto('marketing_consents')
        .values({ user_id: userId, consented_at: consentedAt, night_consented_at: nightConsentedAt, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({
            consented_at: consentedAt,
            night_consented_at: nightConsentedAt,
            updated_at: now,
          }),
        )
        .execute();
    }
  });
  return readPreferences(db, userId, alimtalkRuns);
}

const KOREA_OFFSET_MS = 9 * 60 * 60_000;
/** Promotions' night in Korea time (정보통신망법 §50 ③, 시행령 §61): from 21:00 to 08:00. */
const NIGHT_STARTS_HOUR = 21;
const NIGHT_ENDS_HOUR = 8;

/**
 * When a promotion may go out to a member, from `at`: never (undefined) without his consent; at once in the day or
 * with his night consent; else at the next 08:00 Korea time.
 */
export function marketingSendableAt(
  consent: { consentedAt: Date | null; nightConsentedAt: Date | null },
  at: Date,
): Date | undefined {
  if (!consent.consentedAt) return undefined;
  if (consent.nightConsentedAt) return at;
  const korea = new Date(at.getTime() + KOREA_OFFSET_MS);
  const hour = korea.getUTCHours();
  if (hour >= NIGHT_ENDS_HOUR && hour < NIGHT_STARTS_HOUR) return at;
  const morning = new Date(korea);
  morning.setUTCHours(NIGHT_ENDS_HOUR, 0, 0, 0);
  if (hour >= NIGHT_STARTS_HOUR) morning.setUTCDate(morning.getUTCDate() + 1);
  return new Date(morning.getTime() - KOREA_OFFSET_MS);
}
