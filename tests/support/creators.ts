import type { Role } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { createAccount, type TestAccount } from '../harness/accounts';

/** A creator account made for a test: the member's session plus the creator profile's id. */
export interface TestCreator extends TestAccount {
  creatorId: number;
}

let counter = 0;

/**
 * A creator account straight in the database, verified unless told otherwise. Named `creator-<n>` with a unique URL
 * unless given; custom missions, the minimum cost and the creation time stay at the database's defaults unless given.
 */
export async function createCreator(
  app: FastifyInstance,
  options: {
    name?: string;
    username?: string;
    url?: string | null;
    verified?: boolean;
    adult?: boolean;
    tagIds?: number[];
    createdAt?: Date;
    roles?: Role[];
    availableCustom?: boolean;
    minimumCost?: number;
  } = {},
): Promise<TestCreator> {
  counter += 1;
  const name = options.name ?? `creator-${counter}`;
  const account = await createAccount(app, {
    roles: options.roles ?? ['ROLE_USER', 'ROLE_CREATOR'],
    username: options.username ?? name,
  });
  const creator = await app.db
    .updateTable('creators')
    .set({
      name,
      url: options.url === undefined ? `c${counter}x${Date.now()}` : options.url,
      verified: options.verified ?? true,
      contain_adult_content: options.adult ?? false,
      adult_flagged_by: options.adult ? 'OPERATOR' : null,
      ...(options.createdAt && { created_at: options.createdAt }),
      ...(options.availableCustom !== undefined && { available_custom: options.availableCustom }),
      ...(options.minimumCost !== undefined && { minimum_cost: options.minimumCost }),
    })
    .where('user_id', '=', account.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.tagIds?.length) {
    await app.db
      .insertInto('creator_tags')
      .values(options.tagIds.map((tagId) => ({ creator_id: creator.id, tag_id: tagId })))
      .execute();
  }
  return { ...account, creatorId: creator.id };
}

export async function createTags(app: FastifyInstance, names: string[]): Promise<number[]> {
  const rows = await app.db
    .insertInto('tags')
    .values(names.map((name) => ({ name })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
