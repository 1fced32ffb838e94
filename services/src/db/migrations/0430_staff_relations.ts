import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Staff access under the four-eyes rule (services/src/console/staff-approvals.ts, services/src/approvals):
// - staff_access_grants: every grant of console access (an invitation, a role given, a reactivation) with who took
//   part (its maker, and the member who approved it). Two members are related when one is the other's granter through
//   a chain of such rows; related members never check each other's requests. Filled from the executed staff requests
//   and from users.staff_granted_by (the only trace of a grant that ran at once);
// - users.staff_approved_by / staff_approved_at: who approved the account's last staff change, and when;
// - staff_approval_requests.subject_staff_id: the account a staff request changes (it never approves that request);
// - staff_team: when a second console account first existed. The founding account's invitations run at once only
//   before that; a trigger records it whatever writes the account, and it is never cleared.
const STAFF_ROLES = sql.raw(`array['ROLE_OPERATOR', 'ROLE_FINANCE']::text[]`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_access_grants (
      id bigint generated always as identity primary key,
      staff_id bigint not null references users (id),
      granter_id bigint not null references users (id),
      part text not null check (part in ('MAKER', 'APPROVER')),
      request_id bigint references staff_approval_requests (id),
      at timestamptz not null
    )`.execute(db);
  await sql`create index staff_access_grants_staff on staff_access_grants (staff_id, at)`.execute(db);
  await sql`create index staff_access_grants_granter on staff_access_grants (granter_id, at)`.execute(db);
  await sql`
    insert into staff_access_grants (staff_id, granter_id, part, request_id, at)
    select staff.id, granter.id, granter.part, r.id, r.decided_at
    from staff_approval_requests r
    cross join lateral (select case r.kind when 'STAFF_INVITATION' then (r.result ->> 'id')::bigint
                                           else (r.params ->> 'staffId')::bigint end as id) staff
    cross join lateral (values (r.maker_id, 'MAKER'), (r.decided_by, 'APPROVER')) granter (id, part)
    where r.status = 'EXECUTED' and r.kind in ('STAFF_INVITATION', 'STAFF_ROLE_GRANT') and staff.id is not null
      and exists (select 1 from users u where u.id = staff.id)`.execute(db);
  await sql`
    insert into staff_access_grants (staff_id, granter_id, part, at)
    select u.id, u.staff_granted_by, 'MAKER', u.staff_granted_at
    from users u
    where u.staff_granted_by is not null and u.staff_granted_at is not null
      and not exists (select 1 from staff_access_grants g where g.staff_id = u.id and g.granter_id = u.staff_granted_by
                        and g.part = 'MAKER')`.execute(db);

  await sql`alter table users add column staff_approved_by bigint references users (id)`.execute(db);
  await sql`alter table users add column staff_approved_at timestamptz`.execute(db);
  await sql`
    update users u set staff_approved_by = g.granter_id, staff_approved_at = g.at
    from (select distinct on (staff_id) staff_id, granter_id, at from staff_access_grants
          where part = 'APPROVER' order by staff_id, at desc) g
    where g.staff_id = u.id`.execute(db);

  await sql`alter table staff_approval_requests add column subject_staff_id bigint references users (id)`.execute(db);
  await sql`
    update staff_approval_requests set subject_staff_id = (params ->> 'staffId')::bigint
    where kind = 'STAFF_ROLE_GRANT'`.execute(db);

  await sql`
    create table staff_team (
      singleton boolean primary key default true check (singleton),
      second_member_at timestamptz
    )`.execute(db);
  await sql`
    insert into staff_team (second_member_at)
    select case when (select count(*) from users where roles && ${STAFF_ROLES}) > 1 then now() end`.execute(db);
  await sql`
    create function staff_team_grown() returns trigger language plpgsql as $$
    begin
      -- The row lock orders concurrent writers: the later one counts the earlier one's account.
      perform 1 from staff_team for update;
      update staff_team set second_member_at = now()
      where second_member_at is null and (select count(*) from users where roles && ${STAFF_ROLES}) > 1;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_staff_team_grown after insert or update of roles on users
    for each row when (new.roles && ${STAFF_ROLES}) execute function staff_team_grown()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_staff_team_grown on users`.execute(db);
  await sql`drop function staff_team_grown`.execute(db);
  await sql`drop table staff_team`.execute(db);
  await sql`alter table staff_approval_requests drop column subject_staff_id`.execute(db);
  await sql`alter table users drop column staff_approved_at`.execute(db);
  await sql`alter table users drop column staff_approved_by`.execute(db);
  await sql`drop table staff_access_grants`.execute(db);
}
