import {
  incomeCreatorParamsSchema,
  incomeDetailPageSchema,
  incomeDetailQuerySchema,
  incomeMonthQuerySchema,
  lifetimeIncomeTotalsSchema,
  incomeOldSchema,
  incomePageQuerySchema,
  monthIncomeSchema,
  monthlySettlementPageSchema,
  statementIdParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { accessDenied, errorResponses } from '../http';
import { statementDocumentRoutes } from './statement-document-routes';
import {
  accumulatedIncome,
  incomeDetailPage,
  monthIncome,
  oldStyleMonthIncome,
  requireExistingCreator,
  statementWithLines,
} from './creator-income';
import { statementPage } from './statements';

/** `/creators/me/…`: the caller's own creator account (403 for members without one). */
function requireOwnCreator(request: FastifyRequest): number {
  const caller = requireCaller(request);
  if (caller.creatorId === null) throw accessDenied();
  return caller.creatorId;
}

/**
 * `/creators/{id}/…`: the creator himself, operators and finance. Another creator or a member is refused with 403
 * before anything is looked up, so the answer never says whether the creator exists.
 */
async function requireCreatorReader(app: FastifyInstance, request: FastifyRequest, creatorId: number) {
  const caller = requireCaller(request);
  const staff = caller.roles.includes('ROLE_OPERATOR') || caller.roles.includes('ROLE_FINANCE');
  if (caller.creatorId !== creatorId && !staff) throw accessDenied();
  await requireExistingCreator(app.db, creatorId);
  return creatorId;
}

/** Income and settlement statements of creators. */
export async function incomeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['income'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/creators/me/incomes/accumulated',
    {
      schema: {
        tags,
        summary: 'The caller’s all-time income, old style',
        description:
          '`totalEarning`: won earned (statements issued, plus coins not on a statement yet at the current grade); ' +
          '`paidIncome`: won of the statements marked paid. Creators only (403 otherwise).',
        security,
        response: { 200: incomeOldSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const totals = await accumulatedIncome(app.db, requireOwnCreator(request), app.ctx.now());
      return { totalEarning: totals.income, paidIncome: totals.paidIncome };
    },
  );

  routes.get(
    '/creators/me/incomes/accumulated-new',
    {
      schema: {
        tags,
        summary: 'The caller’s all-time income, new style',
        description:
          'Coins earned, the income they convert to, the payment fee (10 % of gross) and the platform fee (the rest of ' +
          'gross) and the taxes withheld; statements issued plus coins not on a statement yet, valued at the current grade.',
        security,
        response: { 200: lifetimeIncomeTotalsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { paidIncome: _paid, ...totals } = await accumulatedIncome(
        app.db,
        requireOwnCreator(request),
        app.ctx.now(),
      );
      return totals;
    },
  );

  routes.get(
    '/creators/:id/incomes/by-month',
    {
      schema: {
        tags,
        summary: 'A creator’s income of one month, old style',
        description:
          'The month’s statement when it has been settled, else the month so far by the settlement rules. The ' +
          'creator himself, operators and finance; anyone else 403.',
        security,
        params: incomeCreatorParamsSchema,
        querystring: incomeMonthQuerySchema,
        response: { 200: incomeOldSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const creatorId = await requireCreatorReader(app, request, request.params.id);
      return oldStyleMonthIncome(app.db, creatorId, request.query.year, request.query.month);
    },
  );

  routes.get(
    '/creators/:id/incomes/by-month-new',
    {
      schema: {
        tags,
        summary: 'A creator’s income of one month, new style',
        description:
          'Settled months answer from their statement (`settled`, `statementId`); the current or an unsettled month ' +
          'is computed from its releases so far at the month’s grade. The creator himself, operators and finance.',
        security,
        params: incomeCreatorParamsSchema,
        querystring: incomeMonthQuerySchema,
        response: { 200: monthIncomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const creatorId = await requireCreatorReader(app, request, request.params.id);
      return await monthIncome(app.db, creatorId, request.query.year, request.query.month);
    },
  );

  for (const path of ['/creators/me/incomes/page', '/creators/me/incomes-new/page']) {
    routes.get(
      path,
      {
        schema: {
          tags,
          summary: 'The caller’s monthly settlement statements, newest first',
          description:
            'Pages of 12. Months under the minimum appear as CARRIED_OVER (nothing to receive) and name the payout ' +
            'that paid them. Advanced payment and introduction fee fields are always 0 (no such programme yet).',
          security,
          querystring: incomePageQuerySchema,
          response: { 200: monthlySettlementPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => statementPage(app.db, requireOwnCreator(request), request.query.page, request.query.size),
    );
  }

  routes.get(
    '/creators/:id/incomes-detail/page',
    {
      schema: {
        tags,
        summary: 'The missions a creator was paid for in a month',
        description: 'Pages of 12, newest first. The creator himself, operators and finance; anyone else 403.',
        security,
        params: incomeCreatorParamsSchema,
        querystring: incomeDetailQuerySchema,
        response: { 200: incomeDetailPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const creatorId = await requireCreatorReader(app, request, request.params.id);
      return await incomeDetailPage(app.db, creatorId, request.query);
    },
  );

  statementDocumentRoutes(app, {
    path: '/creators/me/incomes/:statementId',
    params: statementIdParamsSchema,
    tags,
    whose: 'one of the caller’s statements',
    find: (request) => statementWithLines(app.db, request.params.statementId, requireOwnCreator(request)),
  });
}
