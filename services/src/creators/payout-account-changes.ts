import {
  maskAccountNumber,
  type AdminPayoutAccountChange,
  type AdminPayoutAccountChangeFilter,
  type PayoutAccountState,
} from '@fanmission/contracts';
import type { InferResult } from 'kysely';
import { idsOfFilter, selectListWindow, type ListPage, type ListWindow } from '../admin';
import type { Caller } from '../auth';
import type { DbExecutor } from '../db';
import { notFound } from '../http';

// The console's reading of the payout account history (the table refuses changes): finance sees the full account
// numbers it pays to, operators the last four digits.

function changesQuery(db: DbExecutor) {
  return db
    .selectFrom('payout_account_changes as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .leftJoin('users as u', 'u.id', 'p.actor_id')
    .selectAll('p')
    .select(['c.name as creator_name', 'c.user_id as creator_user_id', 'u.email as actor_email']);
}

type ChangeRow = InferResult<ReturnType<typeof changesQuery>>[number];

function changeView(row: ChangeRow, fullNumbers: boolean): AdminPayoutAccountChange {
  const number = (value: string | null) => (fullNumbers ? value : maskAccountNumber(value));
  const from: PayoutAccountState = {
    bankName: row.from_bank_name,
    bankAccountHolder: row.from_bank_account_holder,
    bankAccountNumber: number(row.from_bank_account_number),
    payoutOverseas: row.from_payout_overseas,
    payoutForeigner: row.from_payout_foreigner,
  };
  const to: PayoutAccountState = {
    bankName: row.to_bank_name,
    bankAccountHolder: row.to_bank_account_holder,
    bankAccountNumber: number(row.to_bank_account_number),
    payoutOverseas: row.to_payout_overseas,
    payoutForeigner: row.to_payout_foreigner,
  };
  return {
    id: row.id,
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorRoles: row.actor_roles,
    byCreator: row.actor_id === row.creator_user_id,
    reason: row.reason,
    from,
    to,
    destinationChanged: row.destination_changed,
    requestIp: row.request_ip,
    changedAt: row.changed_at.toISOString(),
  };
}

const seesFullNumbers = (caller: Caller) => caller.roles.includes('ROLE_FINANCE');

/** One page of the history in the order asked, with its total for `Content-Range`. */
export async function listPayoutAccountChanges(
  db: DbExecutor,
  caller: Caller,
  filter: AdminPayoutAccountChangeFilter,
  sort: ['id' | 'changedAt', 'ASC' | 'DESC'],
  window: ListWindow,
): Promise<ListPage<AdminPayoutAccountChange>> {
  let query = changesQuery(db);
  if (filter.id !== undefined) query = query.where('p.id', 'in', idsOfFilter(filter.id));
  if (filter.creatorId !== undefined) query = query.where('p.creator_id', '=', filter.creatorId);
  const column = sort[0] === 'changedAt' ? 'p.changed_at' : 'p.id';
  const { rows, total } = await selectListWindow(query, { column, direction: sort[1], idColumn: 'p.id' }, window);
  return { rows: rows.map((row) => changeView(row, seesFullNumbers(caller))), total };
}

/** One change; 404 when there is none. */
export async function payoutAccountChange(
  db: DbExecutor,
  caller: Caller,
  id: number,
): Promise<AdminPayoutAccountChange> {
  const row = await changesQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return changeView(row, seesFullNumbers(caller));
}
