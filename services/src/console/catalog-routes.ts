import {
  adminApprovalSchema,
  adminCoinItemFilterSchema,
  adminCoinItemInputSchema,
  adminCoinItemSchema,
  adminTagFilterSchema,
  adminTagInputSchema,
  adminTagSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditBefore, consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as catalog from './catalog';
import { saveCoinItemOrRequestApproval } from './coin-item-approvals';

const COIN_ITEM_APPROVAL =
  'A CASH item keeps the catalogue’s rate: price + discount = coins × 100 won (400 on `price` otherwise). Adding a ' +
  'CASH item, making an item CASH, or changing a CASH item’s coins, price, discount or USD price is 202 with a staff ' +
  'approval request (`/api/admin/approvals`, CASH_COIN_ITEM); so is a BONUS item set to more coins than ' +
  'BONUS_GRANT_APPROVAL_ABOVE_COINS (added, its coins raised, or made BONUS; BONUS_COIN_ITEM). Another finance ' +
  'member approves it and it is saved then; a change of the item meanwhile voids the request.';

/**
 * `/api/admin/coin-items`: the coin catalogue and its prices (finance); an item already sold can be inactivated but
 * not deleted. `/api/admin/tags`: the creators' tag list (operators); a tag in use cannot be deleted.
 */
export async function catalogAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const coinTags = ['admin: coin items'];
  const tagTags = ['admin: tags'];

  consoleListRoute(app, {
    resource: 'coin-items',
    tags: coinTags,
    summary: 'Coin items (getList / getMany)',
    description: 'filter={"itemType":"CASH","active":true,"id":[1,2]}; sort by id, sortOrder, price or point.',
    defaultSort: ['sortOrder', 'ASC'],
    filter: adminCoinItemFilterSchema,
    row: adminCoinItemSchema,
    list: (query) => catalog.listCoinItems(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: 'coin-items',
    tags: coinTags,
    summary: 'One coin item',
    row: adminCoinItemSchema,
    find: (id) => catalog.getCoinItem(app.ctx, id),
  });

  routes.post(
    '/coin-items',
    {
      config: { adminResource: 'coin-items' },
      schema: {
        tags: coinTags,
        summary: 'Add a coin item (finance; a CASH item, or a BONUS item above a limit, 202)',
        description: COIN_ITEM_APPROVAL,
        security,
        body: adminCoinItemInputSchema,
        response: { 200: adminCoinItemSchema, 202: adminApprovalSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const outcome = await saveCoinItemOrRequestApproval(app.ctx, requireCaller(request), null, request.body);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.item;
    },
  );

  routes.put(
    '/coin-items/:id',
    {
      config: { adminResource: 'coin-items' },
      schema: {
        tags: coinTags,
        summary: 'Change a coin item or its prices (finance); purchases already made keep what they paid',
        description: COIN_ITEM_APPROVAL,
        security,
        params: idParamsSchema,
        body: adminCoinItemInputSchema,
        response: { 200: adminCoinItemSchema, 202: adminApprovalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      auditBefore(request, await catalog.getCoinItem(app.ctx, request.params.id));
      const outcome = await saveCoinItemOrRequestApproval(
        app.ctx,
        requireCaller(request),
        request.params.id,
        request.body,
      );
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.item;
    },
  );

  routes.delete(
    '/coin-items/:id',
    {
      config: { adminResource: 'coin-items' },
      schema: {
        tags: coinTags,
        summary: 'Delete a coin item never sold (finance); a sold one is 409 (inactivate it instead)',
        security,
        params: idParamsSchema,
        response: { 200: adminCoinItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const before = await catalog.getCoinItem(app.ctx, request.params.id);
      auditBefore(request, before);
      return catalog.deleteCoinItem(app.ctx, before);
    },
  );

  consoleListRoute(app, {
    resource: 'tags',
    tags: tagTags,
    summary: 'Tags with how many creators use each (getList / getMany)',
    description: 'filter={"q":"name","id":[1,2]}; sort by id or name; Content-Range.',
    defaultSort: ['name', 'ASC'],
    filter: adminTagFilterSchema,
    row: adminTagSchema,
    list: (query) => catalog.listTags(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: 'tags',
    tags: tagTags,
    summary: 'One tag',
    row: adminTagSchema,
    find: (id) => catalog.getTag(app.ctx, id),
  });

  routes.post(
    '/tags',
    {
      config: { adminResource: 'tags' },
      schema: {
        tags: tagTags,
        summary: 'Add a tag (operators), with its English and Japanese names; a Korean name already used is 409',
        security,
        body: adminTagInputSchema,
        response: { 200: adminTagSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => catalog.saveTag(app.ctx, request.body),
  );

  routes.put(
    '/tags/:id',
    {
      config: { adminResource: 'tags' },
      schema: {
        tags: tagTags,
        summary: 'Rename a tag or its English and Japanese names (operators)',
        security,
        params: idParamsSchema,
        body: adminTagInputSchema,
        response: { 200: adminTagSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      auditBefore(request, await catalog.getTag(app.ctx, request.params.id));
      return catalog.saveTag(app.ctx, request.body, request.params.id);
    },
  );

  routes.delete(
    '/tags/:id',
    {
      config: { adminResource: 'tags' },
      schema: {
        tags: tagTags,
        summary: 'Delete a tag no creator uses (operators); one in use is 409',
        security,
        params: idParamsSchema,
        response: { 200: adminTagSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const before = await catalog.getTag(app.ctx, request.params.id);
      auditBefore(request, before);
      return catalog.deleteTag(app.ctx, before);
    },
  );
}
