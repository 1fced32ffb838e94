import { sql } from 'kysely';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';

/*
 * Who may check whom (docs/rules/security.md, Staff approvals). Two staff members are related when one invited, gave a
 * role to, reactivated or approved any of those for the other, directly or through a chain of such grants, each made
 * within APPROVAL_NEW_STAFF_DAYS: a member's granters and their granters (his ancestors), and the accounts he granted
 * and theirs (his descendants). Related members never check each other's requests, whatever their kind: a maker
 * cannot choose his checker by making him staff, nor have his own maker check for him. Two accounts granted by the
 * same member (siblings) are not related through him.
 */

/** Records a grant of console access: its maker and, when a request was approved, its approver, as granters. */
export async function recordStaffGrant(
  db: DbExecutor,
  grant: { staffId: number; makerId: number; approverId: number | null; requestId: number | null; at: Date },
): Promise<void> {
  await db
    .insertInto('staff_access_grants')
    .values([
      { staff_id: grant.staffId, granter_id: grant.makerId, part: 'MAKER', request_id: grant.requestId, at: grant.at },
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

/** The moment before which a grant no longer relates its granter and its grantee. */
export const relatedSince = (ctx: ServiceContext, now: Date) =>
  new Date(now.getTime() - ctx.config.APPROVAL_NEW_STAFF_DAYS * 86_400_000);

/** The staff members related to `staffId` (never himself): every account above or below him in the recent grants. */
export async function relatedStaffIds(db: DbExecutor, staffId: number, since: Date): Promise<number[]> {
  const { rows } = await sql<{ id: string | number }>`
    with recursive
      ancestors (id) as (
        select granter_id from staff_access_grants where staff_id = ${staffId} and at > ${since}
        union
        select g.granter_id from staff_access_grants g join ancestors a on g.staff_id = a.id where g.at > ${since}
      ),
      descendants (id) as (
        select staff_id from staff_access_grants where granter_id = ${staffId} and at > ${since}
        union
        select g.staff_id from staff_access_grants g join descendants d on g.granter_id = d.id where g.at > ${since}
      )
    select id from ancestors union select id from descendants`.execute(db);
  return rows.map((row) => Number(row.id)).filter((id) => id !== staffId);
}
