import { createHmac, randomUUID } from 'node:crypto';
import { CONSOLE_SESSION_MAX_SECONDS, eventSchedule, kstDate, type Role } from '@fanmission/contracts';
import type { Db } from '@fanmission/services/db';
import { fairness } from '@fanmission/services/events';
import { createProduct, fund } from '../missions';

/*
 * The soak's members, written by a generator straight into the database (the sign-up flow is not what the soak
 * measures): fans funded through the ledger's purchase (balanced postings, as a paid charge writes them), verified
 * creators with a BASIC, a CUSTOM and a LUCKY product, two finance staff (one decides, the other approves what needs a
 * second pair of eyes) and a lottery event whose applications have closed. Each account has a password hash of its own
 * that no password opens (production refuses accounts sharing one); the members carry session tokens signed with the
 * cluster's JWT_SECRET, as a sign-in would issue them.
 */

export interface Member {
  id: number;
  email: string;
  token: string;
}
export interface SoakCreator extends Member {
  creatorId: number;
  basicProductId: number;
  customProductId: number;
  luckyProductId: number;
}
export interface SoakCast {
  fans: Member[];
  creators: SoakCreator[];
  finance: [Member, Member];
  event: { productId: number; creator: SoakCreator; applications: number };
}

export const BASIC_PRICE = 10;
export const LUCKY_PRICE = 10;
export const FAN_COINS = 1_000;

export async function writeCast(
  db: Db,
  options: { members: number; jwtSecret: string; runId: string },
): Promise<SoakCast> {
  const creatorCount = Math.max(4, Math.round(options.members / 20));
  const fanCount = Math.max(10, options.members - creatorCount);
  const token = (id: number, roles: Role[], console = false) =>
    signToken(options.jwtSecret, { sub: String(id), roles, sv: 0, ...(console && { aud: 'console' }) });
  const insertMembers = async (count: number, roles: Role[], label: string) => {
    const rows = Array.from({ length: count }, (_, index) => ({
      email: `soak-${options.runId}-${label}-${index + 1}@example.com`,
      username: `soak${label}${index + 1}${options.runId.slice(0, 4)}`,
      password_hash: `soak: no password opens this account ${randomUUID()}`,
      provider: 'local' as const,
      roles,
      email_verified_at: new Date(),
    }));
    const inserted: Array<{ id: number; email: string | null }> = [];
    for (let start = 0; start < rows.length; start += 500) {
      inserted.push(
        ...(await db
          .insertInto('users')
          .values(rows.slice(start, start + 500))
          .returning(['id', 'email'])
          .execute()),
      );
    }
    return inserted;
  };

  const fanRows = await insertMembers(fanCount, ['ROLE_USER'], 'fan');
  const fans = fanRows.map((row) => ({ id: row.id, email: row.email!, token: token(row.id, ['ROLE_USER']) }));
  for (let index = 0; index < fans.length; index += 16) {
    await Promise.all(fans.slice(index, index + 16).map((fan) => fund(db, fan.id, FAN_COINS)));
  }

  const creatorRoles: Role[] = ['ROLE_USER', 'ROLE_CREATOR'];
  const creators: SoakCreator[] = [];
  for (const row of await insertMembers(creatorCount, creatorRoles, 'creator')) {
    const { id: creatorId } = await db
      .insertInto('creators')
      .values({
        user_id: row.id,
        name: `soak-creator-${row.id}`,
        verified: true,
        available_custom: true,
        minimum_cost: 1,
        url: `soak-${options.runId.slice(0, 6)}-${row.id}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    creators.push({
      id: row.id,
      email: row.email!,
      token: token(row.id, creatorRoles),
      creatorId,
      basicProductId: await createProduct(db, creatorId, 'BASIC', { coinPrice: BASIC_PRICE }),
      customProductId: await createProduct(db, creatorId, 'CUSTOM', { minimumCost: 1 }),
      luckyProductId: await createProduct(db, creatorId, 'LUCKY', { coinPrice: LUCKY_PRICE, winProbability: 10 }),
    });
  }

  const financeRoles: Role[] = ['ROLE_USER', 'ROLE_FINANCE'];
  const financeRows = await insertMembers(2, financeRoles, 'finance');
  const finance = financeRows.map((row) => ({
    id: row.id,
    email: row.email!,
    token: token(row.id, financeRoles, true),
  })) as [Member, Member];

  const event = await writeClosedLotteryEvent(db, creators[0]!, fans.slice(0, Math.min(40, fans.length)));
  return { fans, creators, finance, event };
}

/**
 * A lottery event whose applications closed yesterday (DRAWING), its entries frozen, without its workflow: the
 * worker's reconciler starts it, as for an event committed while Temporal was away. The creator draws it during the
 * soak.
 */
async function writeClosedLotteryEvent(db: Db, creator: SoakCreator, applicants: Member[]) {
  const DAY = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const dates = {
    applyStart: kstDate(new Date(now - 8 * DAY)),
    applyEnd: kstDate(new Date(now - DAY)),
    eventEnd: kstDate(new Date(now + 20 * DAY)),
  };
  const schedule = eventSchedule(dates);
  const product = await db
    .insertInto('mission_products')
    .values({ creator_id: creator.creatorId, type: 'EVENT', name: 'Soak lottery', sort_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const missions = await db
    .insertInto('missions')
    .values(
      applicants.map((fan) => ({
        product_id: product.id,
        creator_id: creator.creatorId,
        user_id: fan.id,
        type: 'EVENT' as const,
        status: 'REQUESTED' as const,
        coin_price: 0,
        recipient_name: 'Minji',
        request_comment: 'Pick me',
        created_at: new Date(schedule.applyStartAt.getTime() + DAY),
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  const seed = Buffer.from(Array.from({ length: 32 }, (_, index) => (index * 37 + product.id) % 256));
  const entries = fairness.sortedEntries(missions.map((mission) => mission.id));
  await db
    .insertInto('lottery_events')
    .values({
      product_id: product.id,
      creator_id: creator.creatorId,
      title: 'Soak lottery',
      description: 'Signed polaroids for three of you',
      draw_number: Math.min(3, missions.length),
      apply_start: dates.applyStart,
      apply_end: dates.applyEnd,
      event_end: dates.eventEnd,
      status: 'DRAWING',
      server_seed: seed,
      commitment: fairness.commitmentOf(seed),
      entries,
      entries_hash: fairness.entriesHashOf(entries),
      next_choice: 0,
      applying_at: schedule.applyStartAt,
      drawing_at: schedule.applyEndAt,
      created_at: new Date(schedule.applyStartAt.getTime() - DAY),
      updated_at: schedule.applyEndAt,
    })
    .execute();
  await db
    .insertInto('event_applications')
    .values(
      missions.map((mission) => ({
        mission_id: mission.id,
        product_id: product.id,
        user_id: mission.user_id,
        name: `Applicant ${mission.user_id}`,
        phone: '01012345678',
        picked: false,
      })),
    )
    .execute();
  return { productId: product.id, creator, applications: missions.length };
}

/** An HS256 session token, as `signSessionToken` issues one (a day long; a console token the console's 8 hours). */
function signToken(secret: string, claims: Record<string, unknown>): string {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + (claims.aud === 'console' ? CONSOLE_SESSION_MAX_SECONDS : 24 * 60 * 60);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, iat, exp })}`;
  const signature = createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `Bearer ${unsigned}.${signature}`;
}
