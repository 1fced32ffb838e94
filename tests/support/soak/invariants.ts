import type { Client } from '@temporalio/client';
import { sql } from 'kysely';
import { COMMENT_REPORTS_TO_HIDE, type DomainEvent, type DomainEventType } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import type { Db } from '@fanmission/services/db';
import { createDevMailbox } from '@fanmission/services/mail';
import { concerns } from '@fanmission/services/outbox';
import { EVENT_CONSUMERS, runtimeConsumers } from '@fanmission/services/runtime';
import { countersOffTheirRecount } from '../counters';
import type { SmtpTestServer } from '../../harness/smtp';
import type { AnswerCounts } from './client';
import type { FaultRecord } from './faults';
import type { WorkloadRecord } from './workload';

/*
 * What must hold after the soak, each checked against something the ledger or the workflows did not write themselves:
 * the client's record of what it was answered, the payment and deposit tables, Temporal's histories, the outbox, the
 * mails the SMTP server received, recounts of the rows the counters count.
 */

export interface Invariant {
  name: string;
  holds: boolean;
  /** The figure it is judged by, printed beside it. */
  figure: string;
}

/** What the run started from, taken once the cast was written and before any load. */
export interface Baseline {
  at: Date;
  /** Coins in every account but the WORLD ones (wallets, escrows, earnings, settled, revenue). */
  inside: number;
  bonus: number;
  expired: number;
}

export async function takeBaseline(db: Db): Promise<Baseline> {
  const balances = await houseBalances(db);
  return { at: new Date(), ...balances };
}

async function houseBalances(db: Db) {
  const { rows } = await sql<{ inside: string; bonus: string; expired: string; total: string }>`
    select coalesce(sum(balance) filter (where account not like 'world:%'), 0) as inside,
      coalesce(sum(balance) filter (where account like 'world:bonus%'), 0) as bonus,
      coalesce(sum(balance) filter (where account like 'world:expired%'), 0) as expired,
      coalesce(sum(balance), 0) as total
    from ledger_accounts`.execute(db);
  const row = rows[0]!;
  return {
    inside: Number(row.inside),
    bonus: Number(row.bonus),
    expired: Number(row.expired),
    total: Number(row.total),
  };
}

export interface InvariantInput {
  db: Db;
  temporal: Client;
  smtp: SmtpTestServer;
  baseline: Baseline;
  record: WorkloadRecord;
  counts: AnswerCounts;
  faults: FaultRecord[];
  /** The account number the bank-deposit instructions name (BANK_DEPOSIT_ACCOUNT_NUMBER). */
  depositAccountNumber: string;
}

export async function ledgerVerifies(db: Db): Promise<Invariant> {
  const report = await verify(db);
  return {
    name: 'ledger verify clean',
    holds: report.differences.length === 0,
    figure: `${report.transactions} transactions, ${report.differences.length} differences`,
  };
}

/**
 * Money conserved: every account's sum is 0 (double entry), and the coins inside changed by exactly what was bought
 * (orders paid, deposits confirmed: the payment tables) less what was refunded (the refund requests' coins less their
 * fee, which stays inside as revenue), plus bonus coins issued and less coins expired (the ledger's WORLD accounts).
 */
export async function moneyConserved(input: InvariantInput): Promise<Invariant> {
  const { db, baseline } = input;
  const now = await houseBalances(db);
  const { rows } = await sql<{ bought: string; deposited: string; refunded: string }>`
    select
      (select coalesce(sum(i.point), 0) from payments p join coin_items i on i.id = p.coin_item_id
        where p.status = 'paid' and p.created_at >= ${baseline.at}) as bought,
      (select coalesce(sum(point), 0) from bank_transfers where status = 'paid' and created_at >= ${baseline.at})
        as deposited,
      (select coalesce(sum(coins - fee_coins), 0) from coin_refunds where requested_at >= ${baseline.at}) as refunded
  `.execute(db);
  const bought = Number(rows[0]!.bought);
  const deposited = Number(rows[0]!.deposited);
  const refunded = Number(rows[0]!.refunded);
  const bonus = baseline.bonus - now.bonus;
  const expired = now.expired - baseline.expired;
  const expected = bought + deposited - refunded + bonus - expired;
  const changed = now.inside - baseline.inside;
  return {
    name: 'money conserved',
    holds: now.total === 0 && changed === expected,
    figure:
      `inside ${baseline.inside} → ${now.inside} (${signed(changed)}) = bought ${bought} + deposited ${deposited} ` +
      `− refunded ${refunded} + bonus ${bonus} − expired ${expired} (${signed(expected)}); all accounts sum ${now.total}`,
  };
}

/** Every order the provider took money for, and every deposit finance confirmed, credited exactly once. */
export async function ordersCreditedOnce(input: InvariantInput): Promise<Invariant> {
  const { db, record, baseline } = input;
  const { rows } = await sql<{ id: string; status: string; purchases: number; deposits: number }>`
    select p.id, p.status,
      (select count(*)::int from ledger_transactions t where t.type = 'PURCHASE' and t.metadata ->> 'paymentId' = p.id)
        as purchases,
      (select count(*)::int from coin_deposits d where d.payment_id = p.id) as deposits
    from payments p where p.created_at >= ${baseline.at}`.execute(db);
  const { rows: transfers } = await sql<{ id: number; status: string; purchases: number; deposits: number }>`
    select b.id, b.status,
      (select count(*)::int from ledger_transactions t
        where t.type = 'PURCHASE' and t.metadata ->> 'paymentId' = 'bank-transfer:' || b.id) as purchases,
      (select count(*)::int from coin_deposits d where d.bank_transfer_id = b.id) as deposits
    from bank_transfers b where b.created_at >= ${baseline.at}`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: string[] = [];
  for (const paymentId of record.ordersPaidAtProvider) {
    const row = byId.get(paymentId);
    if (row?.status !== 'paid') problems.push(`${paymentId} paid at the provider, ${row?.status ?? 'missing'} here`);
  }
  for (const row of rows) {
    const credits = row.status === 'paid' ? 1 : 0;
    if (row.purchases !== credits || row.deposits !== credits)
      problems.push(`${row.id} ${row.status}: ${row.purchases} purchases, ${row.deposits} coin deposits`);
  }
  const transferById = new Map(transfers.map((row) => [row.id, row]));
  for (const id of record.bankTransfersConfirmed) {
    if (transferById.get(id)?.status !== 'paid') problems.push(`bank transfer ${id} confirmed, not paid`);
  }
  for (const row of transfers) {
    const credits = row.status === 'paid' ? 1 : 0;
    if (row.purchases !== credits || row.deposits !== credits)
      problems.push(`bank transfer ${row.id} ${row.status}: ${row.purchases} purchases, ${row.deposits} deposits`);
  }
  const paid = rows.filter((row) => row.status === 'paid').length;
  const deposits = transfers.filter((row) => row.status === 'paid').length;
  return {
    name: 'every order paid credited once',
    holds: problems.length === 0,
    figure:
      `${paid} card orders paid (${record.ordersPaidAtProvider.size} taken by the provider), ${deposits} bank ` +
      `deposits confirmed (${record.bankTransfersConfirmed.size} by finance, ${record.approvals} approvals)` +
      listed(problems),
  };
}

interface MissionRow {
  id: number;
  status: string;
  type: string;
  coin_price: number;
  holds: number;
  releases: number;
  refunds: number;
  escrow: number;
}

async function missionRows(db: Db, since: Date): Promise<MissionRow[]> {
  const { rows } = await sql<MissionRow>`
    select m.id, m.status, m.type, m.coin_price,
      count(*) filter (where t.type = 'MISSION_HOLD' or (t.type = 'LUCKY_ROLL' and p.amount > 0))::int as holds,
      count(*) filter (where t.type = 'MISSION_RELEASE')::int as releases,
      count(*) filter (where t.type = 'MISSION_REFUND')::int as refunds,
      coalesce(sum(p.amount), 0)::int as escrow
    from missions m
    left join ledger_postings p on p.account = 'escrow:mission:' || m.id
    left join ledger_transactions t on t.id = p.transaction_id
    where m.created_at >= ${since} and m.status <> 'CREATED' and m.type <> 'EVENT'
    group by m.id`.execute(db);
  return rows;
}

/**
 * Every mission in a state its history explains: what the client was answered (performed → COMPLETED, refused →
 * REJECTED, accepted → ACCEPTED…), its escrow held once and, once final, released or refunded once, its one workflow
 * run ending with the same outcome; the lottery's winners accepted and the others not won.
 */
export async function missionsExplained(input: InvariantInput): Promise<Invariant> {
  const { db, record, temporal, baseline } = input;
  const rows = await missionRows(db, baseline.at);
  const problems: string[] = [];
  const final = new Set(['COMPLETED', 'REJECTED']);
  for (const row of rows) {
    const tracked = record.missions.get(row.id);
    if (tracked && tracked.expected !== row.status && !(tracked.uncertain && final.has(row.status)))
      problems.push(`mission ${row.id}: the client was answered ${tracked.expected}, it is ${row.status}`);
    const open = !final.has(row.status);
    const settled = row.status === 'COMPLETED' ? row.releases : row.refunds;
    if (row.holds !== 1 || row.escrow !== (open ? row.coin_price : 0) || (!open && settled !== 1))
      problems.push(
        `mission ${row.id} ${row.status}: ${row.holds} holds, ${row.releases} releases, ${row.refunds} refunds, ` +
          `escrow ${row.escrow} of ${row.coin_price}`,
      );
  }
  for (const id of record.missions.keys()) {
    if (!rows.some((row) => row.id === id)) problems.push(`mission ${id} answered to the client is missing`);
  }
  const runs = new Map<string, Array<{ status: string }>>();
  for await (const execution of temporal.workflow.list({ query: `WorkflowType = 'missionWorkflow'` })) {
    const list = runs.get(execution.workflowId) ?? [];
    list.push({ status: execution.status.name });
    runs.set(execution.workflowId, list);
  }
  let finals = 0;
  await inBatches(
    rows.filter((row) => final.has(row.status)),
    8,
    async (row) => {
      finals += 1;
      const workflowRuns = runs.get(`mission-${row.id}`) ?? [];
      if (workflowRuns.length !== 1) {
        problems.push(`mission ${row.id}: ${workflowRuns.length} workflow runs`);
        return;
      }
      const result = (await temporal.workflow.getHandle(`mission-${row.id}`).result()) as { status: string };
      if (result.status !== row.status) problems.push(`mission ${row.id} ${row.status}, its workflow ${result.status}`);
    },
  );
  const lottery = await lotteryExplained(db, record);
  if (lottery.problem) problems.push(lottery.problem);
  return {
    name: 'every mission explained by its history',
    holds: problems.length === 0,
    figure:
      `${rows.length} missions (${finals} final, ${rows.length - finals} open; ${record.missions.size} tracked by ` +
      `the client), ${lottery.figure}` +
      listed(problems),
  };
}

async function lotteryExplained(db: Db, record: WorkloadRecord): Promise<{ figure: string; problem?: string }> {
  if (record.lotteryDrawn === undefined) return { figure: 'lottery not drawn', problem: 'the lottery was not drawn' };
  const { rows } = await sql<{ status: string; n: number; draw_number: number; event_status: string }>`
    select m.status, count(*)::int as n, e.draw_number, e.status as event_status
    from event_applications a join missions m on m.id = a.mission_id join lottery_events e on e.product_id = a.product_id
    where a.product_id = ${record.lotteryDrawn} group by 1, 3, 4`.execute(db);
  const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  const drawNumber = rows[0]?.draw_number ?? 0;
  const figure =
    `lottery ${rows[0]?.event_status ?? 'missing'}: ${count('ACCEPTED') + count('COMPLETED')} of ${drawNumber} ` +
    `winners accepted, ${count('REJECTED')} not won`;
  return rows[0]?.event_status === 'DRAWN' && count('ACCEPTED') === drawNumber && count('REQUESTED') === 0
    ? { figure }
    : { figure, problem: figure };
}

/** Each open mission's workflow running, in the mission's phase, with its deadline's timer pending. */
export async function openMissionsWaiting(input: InvariantInput): Promise<Invariant> {
  const { db, temporal, baseline } = input;
  const open = (await missionRows(db, baseline.at)).filter(
    (row) => row.status === 'REQUESTED' || row.status === 'ACCEPTED',
  );
  const problems: string[] = [];
  let timers = 0;
  await inBatches(open, 8, async (row) => {
    const handle = temporal.workflow.getHandle(`mission-${row.id}`);
    const description = await handle.describe().catch(() => undefined);
    if (description?.status.name !== 'RUNNING') {
      problems.push(`mission ${row.id} ${row.status}: workflow ${description?.status.name ?? 'missing'}`);
      return;
    }
    const state = await handle.query<{ phase: string }>('state');
    if (state.phase !== row.status) problems.push(`mission ${row.id} ${row.status}: workflow in ${state.phase}`);
    const history = await handle.fetchHistory();
    const pending = new Set<string>();
    for (const event of history.events ?? []) {
      const started = event.timerStartedEventAttributes?.timerId;
      if (started) pending.add(started);
      const ended = event.timerFiredEventAttributes?.timerId ?? event.timerCanceledEventAttributes?.timerId;
      if (ended) pending.delete(ended);
    }
    if (pending.size === 0) problems.push(`mission ${row.id} ${row.status}: no timer pending`);
    else timers += 1;
  });
  return {
    name: 'open missions: workflow running, timer set',
    holds: problems.length === 0,
    figure: `${open.length} open missions, ${timers} with their deadline's timer pending` + listed(problems),
  };
}

/**
 * Every outbox event published, and applied exactly once by each consumer that acts on it (a handler for its type,
 * and its `concerns` test passed: the events a consumer passes over are not recorded).
 */
export async function eventsAppliedOnce(input: InvariantInput): Promise<Invariant> {
  const { db } = input;
  const consumers = runtimeConsumers({ mailer: createDevMailbox({ from: 'soak@example.com' }), publicUrl: '' });
  const { rows: outbox } = await sql<{ id: string; type: DomainEventType; payload: unknown; sent: boolean }>`
    select id, type, payload, sent_at is not null as sent from outbox`.execute(db);
  const problems: string[] = [];
  const unsent = outbox.filter((row) => !row.sent).length;
  if (unsent > 0) problems.push(`${unsent} events unsent`);
  let applied = 0;
  for (const consumer of consumers) {
    const expected = new Set(
      outbox.filter((row) => concerns(consumer, row as unknown as DomainEvent)).map((row) => row.id),
    );
    const { rows: processed } = await sql<{ event_id: string }>`
      select event_id from event_consumer_processed where consumer = ${consumer.name}`.execute(db);
    const seen = new Set(processed.map((row) => row.event_id));
    const missing = [...expected].filter((id) => !seen.has(id)).length;
    const extra = [...seen].filter((id) => !expected.has(id)).length;
    const duplicated = processed.length - seen.size;
    applied += processed.length;
    if (missing || extra || duplicated)
      problems.push(`${consumer.name}: ${missing} missing, ${extra} extra, ${duplicated} twice`);
  }
  return {
    name: 'every event applied once by each consumer',
    holds: problems.length === 0,
    figure: `${outbox.length} events, ${consumers.length} consumers, ${applied} applications` + listed(problems),
  };
}

/**
 * No mail twice, none missing. Mail is at least once: a mail consumer sends, then commits the event as applied, one
 * event a transaction; a fault that ends the transaction in between (a worker killed or paused, PostgreSQL restarted)
 * has it sent again. So a mail may go out twice only for such a fault, at most once per mailing consumer on each
 * worker; any more (a batch's mails sent again, a mail sent twice without a fault) fails. One deposit instructions
 * mail for each deposit asked for.
 */
export async function mailsOnce(input: InvariantInput): Promise<Invariant> {
  const mails = input.smtp.mails();
  const seen = new Map<string, { count: number; to: string; subject: string; text: string }>();
  for (const mail of mails) {
    // An event's mail is known by its Message-ID (two events may well give one member the same text); others by
    // their content.
    const key = mail.messageId || `${mail.to.join(',')}\n${mail.subject}\n${mail.text}`;
    const entry = seen.get(key) ?? { count: 0, to: mail.to.join(','), subject: mail.subject, text: mail.text };
    entry.count += 1;
    seen.set(key, entry);
  }
  const twice = [...seen.values()].filter((entry) => entry.count > 1);
  const again = twice.reduce((sum, entry) => sum + entry.count - 1, 0);
  const interrupting = input.faults.filter(
    (fault) =>
      fault.kind === 'worker-kill' ||
      fault.kind === 'postgres-fast' ||
      fault.kind === 'postgres-immediate' ||
      (fault.kind === 'pause' && fault.target.startsWith('worker')),
  ).length;
  const mailing = await mailingConsumers(input.db);
  const allowed = interrupting * WORKERS * mailing;
  const instructions = [...seen.values()].filter((entry) => entry.text.includes(input.depositAccountNumber)).length;
  const asked = input.record.bankTransfersRequested.length;
  return {
    name: 'no mail twice, none missing',
    holds: again <= allowed && instructions === asked,
    figure:
      `${mails.length} mails, ${again} sent again (at most ${allowed}: ${interrupting} faults that can end a mail's ` +
      `transaction × ${WORKERS} workers × ${mailing} mailing consumers); ${instructions} deposit instructions for ` +
      `${asked} deposits asked` +
      listed(twice.map((entry) => `${entry.count}× "${entry.subject}" to ${entry.to}`)),
  };
}

const WORKERS = 2;

/** The mail consumers (the runtime's consumers beyond EVENT_CONSUMERS) that applied an event in the run. */
async function mailingConsumers(db: Db): Promise<number> {
  const names = runtimeConsumers({ mailer: createDevMailbox({ from: 'soak@example.com' }), publicUrl: '' })
    .map((consumer) => consumer.name)
    .filter((name) => !EVENT_CONSUMERS.some((consumer) => consumer.name === name));
  const { rows } = await sql<{ n: number }>`
    select count(distinct consumer)::int as n from event_consumer_processed where consumer = any(${names}::text[])`.execute(
    db,
  );
  return rows[0]!.n;
}

/** Every counter a trigger or a recount keeps equal to a recount of the rows it counts. */
export async function countersRecount(input: InvariantInput): Promise<Invariant> {
  const { db } = input;
  const drift = await countersOffTheirRecount(db);
  const { rows } = await sql<{ mission_likes: number; mission_comments: number; comment_likes: number }>`
    select
      (select count(*)::int from missions m
        where m.likes_count <> (select count(*) from mission_likes l where l.mission_id = m.id)) as mission_likes,
      (select count(*)::int from missions m
        where m.comments_count <> (select count(*) from mission_comments c where c.mission_id = m.id
          and (c.moderation = 'VISIBLE' or (c.moderation is null and c.reports_count < ${COMMENT_REPORTS_TO_HIDE})))) as mission_comments,
      (select count(*)::int from mission_comments c
        where c.likes_count <> (select count(*) from mission_comment_likes l where l.comment_id = c.id))
        as comment_likes`.execute(db);
  const all = { ...drift, missionLikes: rows[0]!.mission_likes, missionComments: rows[0]!.mission_comments };
  const off = Object.entries({ ...all, commentLikes: rows[0]!.comment_likes }).filter(([, value]) => value !== 0);
  const { rows: sizes } = await sql<{ follows: number; likes: number; comments: number }>`
    select (select count(*)::int from follows) as follows, (select count(*)::int from mission_likes) as likes,
      (select count(*)::int from mission_comments) as comments`.execute(db);
  const size = sizes[0]!;
  return {
    name: 'every kept counter equal to its recount',
    holds: off.length === 0,
    figure:
      `11 counters over ${size.follows} follows, ${size.likes} likes, ${size.comments} comments: ` +
      (off.length === 0 ? 'all equal' : off.map(([name, value]) => `${name} ${value} rows off`).join(', ')),
  };
}

/** Only answers, business refusals (409, an upload quota) and the documented 503 during outages; every outage recovered. */
export function answersAndRecoveries(input: InvariantInput): Invariant {
  const { counts, faults } = input;
  const other = [...counts.other.entries()];
  const unrecovered = faults.filter((fault) => fault.recoverySeconds === undefined);
  const transport = [...counts.transport.values()].reduce((sum, n) => sum + n, 0);
  return {
    name: 'only the documented 503 in outages, every outage recovered',
    holds: other.length === 0 && unrecovered.length === 0,
    figure:
      `${counts.requests} requests: ${counts.success} answered, ${sumOf(counts.refusals)} refused, ` +
      `${counts.unavailable} 503, ${transport} transport errors (retried on the other API), ` +
      `${sumOf(counts.other)} other; ${faults.length - unrecovered.length}/${faults.length} faults recovered` +
      listed([
        ...other.map(([what, n]) => `${n}× ${what}`),
        ...unrecovered.map((fault) => `${fault.kind} on ${fault.target} at ${fault.at.toFixed(0)} s not recovered`),
      ]),
  };
}

const sumOf = (map: Map<string, number>) => [...map.values()].reduce((sum, n) => sum + n, 0);
const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));
const listed = (problems: string[]) =>
  problems.length === 0
    ? ''
    : `; ${problems.length} problems: ${problems.slice(0, 8).join('; ')}${problems.length > 8 ? '; …' : ''}`;

async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}
