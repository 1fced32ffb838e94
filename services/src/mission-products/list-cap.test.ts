import { UNPAGED_LIST_MAX } from '@fanmission/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';

// The unpaged GET /mission-products answered every product; hot filters had no index.

const testApp = useTestApp();
const app = () => testApp.current.app;

describe('hot paths', () => {
  it('caps the unpaged product list at UNPAGED_LIST_MAX', async () => {
    const creator = await createCreator(app());
    await app()
      .db.insertInto('mission_products')
      .values(
        Array.from({ length: UNPAGED_LIST_MAX + 5 }, (_, index) => ({
          creator_id: creator.creatorId,
          type: 'BASIC' as const,
          name: `product ${index}`,
          coin_price: 10,
          description: 'capped',
          sort_order: index,
        })),
      )
      .execute();
    const response = await app().inject({
      method: 'GET',
      url: `/api/v1/mission-products?creatorId=${creator.creatorId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>()).toHaveLength(UNPAGED_LIST_MAX);
  });

  /** The plan of a query with sequential scans priced out: an index that fits is used, else it stays a Seq Scan. */
  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    return app()
      .db.connection()
      .execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        try {
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(connection);
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
        }
      });
  }

  it('serves the anonymous browse (newest public missions) from an index in its order, with no sort', async () => {
    // The shape mission-reads/repository.ts listMissions sends for a visitor (no party predicate).
    const browse = await plan(sql`
      select m.* from missions as m
      where m.status in ('REQUESTED', 'ACCEPTED', 'COMPLETED')
        and (m.is_private = false and m.status <> 'CREATED' and m.content_blocked_at is null)
        and not m.creator_adult
      order by m.created_at desc nulls last, m.id desc limit 12`);
    expect(browse).toContain('missions_public_newest');
    expect(browse).not.toMatch(/Seq Scan/);
  });

  it('finds the missions, users, creators, products and popups that reference a file through indexes', async () => {
    for (const [table, column] of [
      ['missions', 'video_file_id'],
      ['missions', 'request_file_id'],
      ['users', 'image_file_id'],
      ['creators', 'intro_file_id'],
      ['mission_products', 'description_picture_file_id'],
      ['popups', 'web_image_file_id'],
    ] as const) {
      const found = await plan(sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} = 42`);
      expect(found, `${table}.${column}`).toContain(`${table}_${column}`);
    }
  });
});
