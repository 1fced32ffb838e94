import { sql } from 'kysely';
import type { DbExecutor } from '../db';

/*
 * Who may check whom (docs/rules/security.md, Staff approvals). Two staff members are related when one invited, gave a
 * role to, reactivated or approved any of those for the other, directly or through a chain of such grants (his
 * ancestors and his descendants); and when the same member chose both, directly or through accounts he chose himself
 * (siblings through the maker's part of the grants: two helper accounts one member invites are one person's two
 * pairs of eyes). Approving a colleague's invitation makes the approver related to that account only, never to its
 * siblings: he let it in, he did not choose it. Relations never lapse. Related members never check each other's
 * requests, whatever their kind, and share one day's allowances (./allowance.ts).
 * The founding account's invitation of its first colleague, which runs at once while the console has no second
 * account to check it, is kept as a FOUNDING grant and relates nobody: the founding pair are each other's first
 * checkers (docs/operations.md, Starting and running a small team). Grants kept from before staff changes were
 * requests relate as makers.
 */

/**
 * Records a grant of console access: its maker and, when a request was approved, its approver, as granters. A grant
 * nobody approved is the founding account's first invitation (the only one that runs at once): kept as FOUNDING.
 */
export async function recordStaffGrant(
  db: DbExecutor,
  grant: { staffId: number; makerId: number; approverId: number | null; requestId: number | null; at: Date },
): Promise<void> {
  await db
    .insertInto('staff_access_grants')
    .values([
      {
        staff_id: grant.staffId,
        granter_id: grant.makerId,
        part: grant.approverId === null ? ('FOUNDING' as const) : ('MAKER' as const),
        request_id: grant.requestId,
        at: grant.at,
      },
      ...(grant.approverId === null
        ? []
        : [
            {
              staff_id: grant.staffId,
              granter_id: grant.approverId,
              part: 'APPROVER' as const,
              request_id: grant.requestId,
              at: grant.at,
            },
          ]),
    ])
    .execute();
}

/** The staff members related to `staffId` (never himself): above or below him in the grants, or chosen by a maker above him. */
export async function relatedStaffIds(db: DbExecutor, staffId: number): Promise<number[]> {
  const { rows } = await sql<{ id: string | number }>`
    with recursive
      grants as (select staff_id, granter_id, part from staff_access_grants where part <> 'FOUNDING'),
      ancestors (id) as (
        select granter_id from grants where staff_id = ${staffId}
        union
        select g.granter_id from grants g join ancestors a on g.staff_id = a.id
      ),
      descendants (id) as (
        select staff_id from grants where granter_id = ${staffId}
        union
        select g.staff_id from grants g join descendants d on g.granter_id = d.id
      ),
      makers (id) as (
        select granter_id from grants where staff_id = ${staffId} and part = 'MAKER'
        union
        select g.granter_id from grants g join makers m on g.staff_id = m.id where g.part = 'MAKER'
      ),
      chosen (id) as (
        select g.staff_id from grants g join makers m on g.granter_id = m.id where g.part = 'MAKER'
        union
        select g.staff_id from grants g join chosen c on g.granter_id = c.id where g.part = 'MAKER'
      )
    select id from ancestors union select id from descendants union select id from chosen`.execute(db);
  return rows.map((row) => Number(row.id)).filter((id) => id !== staffId);
}
