import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createDb, type Db } from './database';
import { StatementNames } from './prepared-statements';

const database = useTestDatabase();
const opened: Db[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

/** A pool of one connection, so `pg_prepared_statements` shows what its statements left on the server. */
function singleConnection(): Db {
  const db = createDb(database.current.url, { max: 1 });
  opened.push(db);
  return db;
}

const preparedOnServer = async (db: Db) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
    (row) => row.statement,
  );

describe('StatementNames', () => {
  it('names a text once it has been used often enough, and the same text always by the same name', () => {
    const names = new StatementNames(3, 10);
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^fanmission_\d+$/);
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.nameFor('select $1 + 1')).toBeUndefined();
  });

  it('never names a text with a star, nor more texts than its limit', () => {
    const names = new StatementNames(1, 2);
    expect(names.nameFor('select * from users where id = $1')).toBeUndefined();
    expect(names.nameFor('select u.* from users u where id = $1')).toBeUndefined();
    expect(names.nameFor('select $1::int')).toBeDefined();
    expect(names.nameFor('select $1::text')).toBeDefined();
    expect(names.nameFor('select $1::bigint')).toBeUndefined();
    expect(names.preparedCount).toBe(2);
  });
});

describe('prepared statements of the database pool', () => {
  it('prepares an often-sent parameterised query on its connection, with the same answers', async () => {
    const db = singleConnection();
    const lookup = (username: string) =>
      db.selectFrom('users').select(['id', 'username']).where('username', '=', username).executeTakeFirst();
    await sql`insert into users (username, provider, password_hash, roles, email)
      values ('prepared-fan', 'local', 'x', array['ROLE_USER'], 'prepared@fan.local')`.execute(db);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await lookup(i % 2 === 0 ? 'prepared-fan' : 'nobody'));
    expect(answers.map((row) => row?.username ?? null)).toEqual([
      'prepared-fan',
      null,
      'prepared-fan',
      null,
      'prepared-fan',
    ]);
    const prepared = await preparedOnServer(db);
    expect(prepared.some((statement) => statement.includes('"username" = $1'))).toBe(true);
  });

  it('never prepares a select of every column, so a column added meanwhile changes nothing', async () => {
    const db = singleConnection();
    const everyColumn = () => db.selectFrom('tags').selectAll().where('id', '>', 0).execute();
    for (let i = 0; i < 5; i += 1) await everyColumn();
    expect((await preparedOnServer(db)).some((statement) => statement.includes('*'))).toBe(false);
    await sql`alter table tags add column prepared_statements_probe int`.execute(db);
    await expect(everyColumn()).resolves.toEqual([]);
  });

  it('keeps working after a prepared statement fails, inside and outside a transaction', async () => {
    const db = singleConnection();
    const insertTag = (name: string) => db.insertInto('tags').values({ name }).returning('id').execute();
    for (let i = 0; i < 4; i += 1) await insertTag(`prepared tag ${i}`);
    await expect(insertTag('prepared tag 0')).rejects.toThrow(/duplicate key/);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('tags').values({ name: 'prepared tag 9' }).returning('id').execute();
        await trx.insertInto('tags').values({ name: 'prepared tag 1' }).returning('id').execute();
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(insertTag('prepared tag 10')).resolves.toHaveLength(1);
    const names = (await db.selectFrom('tags').select('name').where('name', 'like', 'prepared tag%').execute()).map(
      (row) => row.name,
    );
    expect(names.sort()).toEqual([
      'prepared tag 0',
      'prepared tag 1',
      'prepared tag 10',
      'prepared tag 2',
      'prepared tag 3',
    ]);
  });
});
