import {
  createMissionProductRequestSchema,
  creatorProductParamsSchema,
  idParamsSchema,
  missionProductListQuerySchema,
  missionProductListSchema,
  missionProductPageQuerySchema,
  missionProductPageSchema,
  missionProductSchema,
  updateMissionProductRequestSchema,
  type SortMove,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth';
import { errorResponses } from '../http';
import * as products from './service';

const VISIBILITY =
  'Products of unverified creators and inactive products are shown only to their creator and operators; anybody ' +
  'else gets 404 (or does not find them in lists).';

/** Mission products: the catalogue of each creator. */
export async function missionProductRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mission-products'];
  const security = [{ bearerAuth: [] }];
  const managers = ['ROLE_CREATOR', 'ROLE_OPERATOR'] as const;

  routes.get(
    '/mission-products',
    {
      schema: {
        tags,
        summary: 'Mission products matching the filters, in each creator’s own order',
        description: `Filters: active, creatorId, name (part of it, any case), productType. ${VISIBILITY}`,
        querystring: missionProductListQuerySchema,
        response: { 200: missionProductListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => products.listProducts(app.ctx, request.caller, request.query),
  );

  routes.get(
    '/mission-products/page',
    {
      schema: {
        tags,
        summary: 'A page of mission products',
        description:
          'order SORT (the creator’s order, per type; ASC by default), CREATED or COIN_PRICE (the price, or the ' +
          'minimum offer of CUSTOM; DESC by default). `emptyCanceledEventFilter=true` leaves out cancelled lottery ' +
          `events (the events tab: productType=EVENT, order CREATED, size 12). ${VISIBILITY}`,
        querystring: missionProductPageQuerySchema,
        response: { 200: missionProductPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => products.productPage(app.ctx, request.caller, request.query),
  );

  routes.get(
    '/mission-products/:id',
    {
      schema: {
        tags,
        summary: 'One mission product',
        description: VISIBILITY,
        params: idParamsSchema,
        response: { 200: missionProductSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => products.getProduct(app.ctx, request.caller, request.params.id),
  );

  routes.post(
    '/mission-products',
    {
      schema: {
        tags,
        summary: 'Register a BASIC, LUCKY, CUSTOM or EVENT (lottery event) mission product',
        description:
          'Creators for themselves (`creatorId` is their creator id, else 403), operators for anybody. BASIC needs ' +
          'price, name, description (≤ 200) and cover; LUCKY price (per roll), name, win probability (0.1–10 % in ' +
          'steps of 0.1), perform item (`description`, ≤ 200), cover and alwaysPrivate; CUSTOM the minimum offer; ' +
          'EVENT title, description (≤ 200), drawNumber (> 0), applyStart, applyEnd, eventEnd (YYYY-MM-DD, Korea ' +
          'time; applyStart not in the past, applyEnd not before it, eventEnd at least 7 days after applyEnd) and ' +
          'cover; it gets a committed server seed (docs/provably-fair.md) and its workflow `event-<id>`. ' +
          'The cover (`descriptionPictureId`) is an image uploaded first with `POST /files/s3` by the creator. ' +
          'While the creator has an ongoing lottery event: 409 `exist ongoing event`. A refused creation writes ' +
          'nothing: the uploaded cover stays the uploader’s unreferenced file, for the client to delete with ' +
          '`DELETE /files/s3/{id}`; a cover in use by a product cannot be deleted (409).',
        security,
        body: createMissionProductRequestSchema,
        response: { 200: missionProductSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      products.createProduct(app.ctx, requireRole(request, ...managers), request.body, request.language),
  );

  routes.put(
    '/mission-products/:id',
    {
      schema: {
        tags,
        summary: 'Edit a mission product',
        description:
          'The same fields and rules as the registration; the type and the creator never change. Missions already ' +
          'requested keep the price they were requested at. An EVENT product can be edited only before its ' +
          'applications open (409 after), through its workflow.',
        security,
        params: idParamsSchema,
        body: updateMissionProductRequestSchema,
        response: { 200: missionProductSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      products.updateProduct(
        app.ctx,
        requireRole(request, ...managers),
        request.params.id,
        request.body,
        request.language,
      ),
  );

  for (const [action, active] of [
    ['activate', true],
    ['inactivate', false],
  ] as const) {
    routes.put(
      `/mission-products/:id/${action}`,
      {
        schema: {
          tags,
          summary: active ? 'Show a mission product to fans again' : 'Hide a mission product from fans',
          description: 'The product’s creator or an operator. Asked twice, the second call changes nothing.',
          security,
          params: idParamsSchema,
          response: { 200: missionProductSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        products.setProductActive(app.ctx, requireRole(request, ...managers), request.params.id, active),
    );
  }

  for (const move of ['increase', 'decrease'] as const satisfies readonly SortMove[]) {
    routes.put(
      `/creators/:id/mission-products/:productId/sort/${move}`,
      {
        schema: {
          tags,
          summary:
            move === 'increase'
              ? 'Move a mission product one place later among the creator’s products of its type'
              : 'Move a mission product one place earlier among the creator’s products of its type',
          description:
            'The products are ordered by ascending sort number; `increase` swaps the product with the next one, ' +
            '`decrease` with the previous one, and at either end nothing moves. Answers the creator’s products of ' +
            'that type in their new order. The creator or an operator.',
          security,
          params: creatorProductParamsSchema,
          response: { 200: missionProductListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        products.moveProduct(
          app.ctx,
          requireRole(request, ...managers),
          request.params.id,
          request.params.productId,
          move,
        ),
    );
  }
}
