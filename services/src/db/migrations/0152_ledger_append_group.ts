import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Group commit: the uncontended appends one process has decided from remembered state while its earlier
// appends are under way go to the server together, as one call and one commit, written set by set (one statement for
// all their keys, one for their transactions, one for their postings...) instead of statement by statement per
// transaction. The group is all or nothing: every member's checks are those of ledger_append_as_read (0151) and any
// one failing (an account or member moved, a key taken, an unbalanced transaction, a lot outside its wallet) raises
// and undoes the whole group; the engine then appends each member on its own, so that each gets the answer it would
// have got alone. Members never share an account they read (the engine groups them so, and the function refuses a
// group where they do); an account only credited may be shared (a hot creator's earnings): it is locked once, moved
// by the sum of its postings and its version goes up by their number, as if each had been appended in turn.
// It is called on its own (autocommit), never inside a caller's transaction: it sets a 50 ms lock_timeout for its own.
// Accounts are still created or locked in lock order (the order given), the transaction ids are taken after every
// account is locked (verify's per-account id order), and each member gets the same outbox row as alone.
//
// The trigger of ledger_transactions (0151) skipped the one transaction id the function marked; the mark may now be a
// comma-separated list of ids (the group's). Every other insert still gets its event from the trigger.
const SIGNATURE = sql`
      p_keys text[], p_requests jsonb[], p_types ledger_transaction_type[], p_occurred_at timestamptz[],
      p_metadata jsonb[], p_user_ids bigint[], p_members jsonb[],
      p_read_members int[], p_read_accounts text[], p_read_versions bigint[],
      p_post_members int[], p_post_accounts text[], p_post_amounts bigint[],
      p_lock_accounts text[], p_lock_kinds ledger_account_kind[], p_lock_amounts bigint[], p_lock_postings int[],
      p_lock_created_at timestamptz[],
      p_move_members int[], p_move_lots bigint[], p_move_wallets text[], p_move_wallet_amounts bigint[],
      p_move_escrows text[], p_move_escrow_amounts bigint[]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_transactions_to_outbox on ledger_transactions`.execute(db);
  await sql`
    create trigger ledger_transactions_to_outbox after insert on ledger_transactions
      for each row when (new.id::text <> all (
        string_to_array(coalesce(current_setting('fanmission.ledger_outbox_written', true), ''), ',')))
      execute function ledger_transaction_to_outbox()`.execute(db);
  await sql`
    create function ledger_append_group(${SIGNATURE}) returns bigint[] language plpgsql as $$
    declare
      v_members int := cardinality(p_keys);
      v_ids bigint[];
      v_written int;
      v_stale int;
      v_debited int;
      v_count int;
    begin
      -- A member whose account a caller's transaction holds would hold up every other member: after 50 ms the group
      -- fails (lock_not_available) and its members go alone, the one that needs the lock waiting for it alone.
      perform set_config('lock_timeout', '50ms', true);
      if exists (
        select 1 from unnest(p_user_ids, p_members) as m (user_id, member)
        where m.user_id is not null and (
          select jsonb_build_object('isCreator', 'ROLE_CREATOR' = any (roles), 'coinsFrozenAt', coins_frozen_at)
          from users where id = m.user_id
        ) is distinct from m.member
      ) then
        raise exception 'ledger group: a member moved since it was read' using errcode = 'LDG01';
      end if;
      -- Each member balances with at least two postings; the accounts' moves are the sums of the postings; no account
      -- one member read is touched by another.
      if exists (
        select 1 from generate_series(1, v_members) as g (member)
        left join unnest(p_post_members, p_post_amounts) as p (member, amount) using (member)
        group by g.member having count(p.amount) < 2 or coalesce(sum(p.amount), 0) <> 0
        union all
        select 1 from (
          select p.account, sum(p.amount) as amount, count(*) as postings
          from unnest(p_post_accounts, p_post_amounts) as p (account, amount) group by p.account
        ) as posted
        full join unnest(p_lock_accounts, p_lock_amounts, p_lock_postings) as l (account, amount, postings) using (account)
        where coalesce(posted.amount, 0) is distinct from l.amount
          or coalesce(posted.postings, 0) is distinct from l.postings::bigint
        union all
        select 1 from unnest(p_read_members, p_read_accounts) as r (member, account)
        join (
          select member, account from unnest(p_post_members, p_post_accounts) as p (member, account)
          union all
          select member, account from unnest(p_read_members, p_read_accounts) as o (member, account)
        ) as other on other.account = r.account and other.member <> r.member
      ) then
        raise exception 'ledger group: a transaction does not balance or members share an account'
          using errcode = 'check_violation';
      end if;
      -- As ledger_append_as_read: create, lock, check and move every account in lock order, row by row.
      with moved as (
        insert into ledger_accounts as a (account, kind, balance, version, created_at)
        select l.account, l.kind,
          case when l.kind = 'WORLD' then l.amount else greatest(l.amount, 0) end, l.postings, l.created_at
        from unnest(p_lock_accounts, p_lock_kinds, p_lock_amounts, p_lock_postings, p_lock_created_at)
          with ordinality as l (account, kind, amount, postings, created_at, position)
        order by l.position
        on conflict (account) do update
          set balance = a.balance + p_lock_amounts[array_position(p_lock_accounts, a.account)],
            version = a.version + excluded.version
          where a.version = coalesce(p_read_versions[array_position(p_read_accounts, a.account)], a.version)
        returning a.account, a.balance, a.xmax = 0 as inserted
      )
      select count(*),
        count(*) filter (where inserted and p_read_versions[array_position(p_read_accounts, account)] <> 0),
        count(*) filter (where inserted and balance <> p_lock_amounts[array_position(p_lock_accounts, account)])
      into v_written, v_stale, v_debited from moved;
      if v_debited <> 0 then
        raise exception 'ledger group: a transaction debits an account that does not exist'
          using errcode = 'check_violation', constraint = 'ledger_accounts_balance_not_negative';
      end if;
      if v_written <> cardinality(p_lock_accounts) or v_stale <> 0 then
        raise exception 'ledger group: an account moved since it was read' using errcode = 'LDG01';
      end if;
      v_ids := array(select nextval('ledger_transactions_id_seq') from generate_series(1, v_members));
      with keys as (
        insert into ledger_idempotency_keys (idempotency_key, request, transaction_id, created_at)
        select m.key, m.request, v_ids[m.member], m.occurred_at
        from unnest(p_keys, p_requests, p_occurred_at) with ordinality as m (key, request, occurred_at, member)
        on conflict (idempotency_key) do nothing
        returning 1
      )
      select count(*) into v_count from keys;
      if v_count <> v_members then
        raise exception 'ledger group: a key was taken meanwhile' using errcode = 'LDG02';
      end if;
      perform set_config('fanmission.ledger_outbox_written', array_to_string(v_ids, ','), true);
      with appended as (
        insert into ledger_transactions (id, type, idempotency_key, occurred_at, metadata)
        select v_ids[m.member], m.type, m.key, m.occurred_at, m.metadata
        from unnest(p_types, p_keys, p_occurred_at, p_metadata) with ordinality as m (type, key, occurred_at, metadata, member)
      ),
      postings as (
        insert into ledger_postings (transaction_id, account, amount)
        select v_ids[p.member], p.account, p.amount
        from unnest(p_post_members, p_post_accounts, p_post_amounts) as p (member, account, amount)
      )
      insert into ledger_lot_movements (transaction_id, lot_id, wallet_amount, escrow, escrow_amount)
      select v_ids[m.member], m.lot_id, m.wallet_amount, m.escrow, m.escrow_amount
      from unnest(p_move_members, p_move_lots, p_move_wallet_amounts, p_move_escrows, p_move_escrow_amounts)
        as m (member, lot_id, wallet_amount, escrow, escrow_amount);
      insert into outbox (id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at)
      select gen_random_uuid(), 'ledger.transaction.appended', 'ledger', v_ids[m.member]::text,
        jsonb_build_object(
          'transactionId', v_ids[m.member],
          'transactionType', m.type,
          'idempotencyKey', m.key,
          'occurredAt', to_char(m.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'postings', (
            select jsonb_agg(jsonb_build_object('account', p.account, 'amount', p.amount) order by p.account collate "C")
            from unnest(p_post_members, p_post_accounts, p_post_amounts) as p (member, account, amount)
            where p.member = m.member),
          'metadata', m.metadata),
        1, m.occurred_at
      from unnest(p_types, p_keys, p_occurred_at, p_metadata) with ordinality as m (type, key, occurred_at, metadata, member)
      order by m.member;
      -- A lot moves at most once in a group (members never share a wallet); one not in its wallet, or met twice,
      -- leaves the count short.
      update ledger_lots as l set remaining = l.remaining + m.amount
      from unnest(p_move_lots, p_move_wallets, p_move_wallet_amounts) as m (lot_id, wallet, amount)
      where m.amount <> 0 and l.id = m.lot_id and l.account = m.wallet;
      get diagnostics v_count = row_count;
      if v_count <> (select count(*) from unnest(p_move_wallet_amounts) as m (amount) where m.amount <> 0) then
        raise exception 'ledger group: a transaction moves a lot that is not in its wallet';
      end if;
      return v_ids;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_append_group(${SIGNATURE})`.execute(db);
  await sql`drop trigger ledger_transactions_to_outbox on ledger_transactions`.execute(db);
  await sql`
    create trigger ledger_transactions_to_outbox after insert on ledger_transactions
      for each row when (new.id::text is distinct from current_setting('fanmission.ledger_outbox_written', true))
      execute function ledger_transaction_to_outbox()`.execute(db);
}
