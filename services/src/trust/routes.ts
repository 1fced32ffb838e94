import {
  accountDeletionRequestSchema,
  accountDeletionResponseSchema,
  blockLookupRequestSchema,
  blockLookupSchema,
  blockObjectionReceiptSchema,
  blockObjectionRequestSchema,
  creatorReliabilityListSchema,
  creatorReliabilityQuerySchema,
  idParamsSchema,
  missionEscrowSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginThrottleOf, type RateLimits, requireCaller, throttledPasswordCheck } from '../auth';
import { errorResponses } from '../http';
import { passwordCredentialOf } from '../users';
import { deleteAccount } from './account-deletion';
import { fileBlockObjection, lookUpBlock } from './block-objections';
import { creatorReliability } from './reliability';
import { missionEscrow } from './escrow';

/** Trust routes: the escrow timeline of a mission, leaving the service. */
export async function trustRoutes(app: FastifyInstance, options: { rateLimits: RateLimits }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/missions/:id/escrow',
    {
      schema: {
        tags: ['missions'],
        summary: 'Where the mission’s coins are: the escrow timeline',
        description:
          'Requested → coins held → the open deadline → accepted / performed / refused → released to the creator or ' +
          'refunded to the requester, with dates. Built from the mission (its workflow’s record) and the ledger ' +
          'transactions of the mission’s escrow account. The requester, the creator and operators only; anybody ' +
          'else gets the 404 of a missing mission.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: missionEscrowSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => missionEscrow(app.ctx, request.caller, request.params.id),
  );

  routes.get(
    '/creators/reliability',
    {
      schema: {
        tags: ['creators'],
        summary: 'Creator reliability over the last 90 days (creator page, search cards)',
        description:
          'For each verified creator asked (`ids`, comma-joined, at most 50; others are left out): the missions due ' +
          'in the last 90 days (performed, or expired at the decision or perform deadline), the on-time rate ' +
          '(performed within the deadline ÷ due) and the median hours from acceptance to performance; both null ' +
          'below 5 due missions. The "recommended" creator search sorts by the same maintained figures.',
        querystring: creatorReliabilityQuerySchema,
        response: { 200: creatorReliabilityListSchema, ...errorResponses(400) },
      },
    },
    async (request) => creatorReliability(app.ctx, request.query.ids),
  );

  routes.post(
    '/block-objections',
    {
      schema: {
        tags: ['auth'],
        summary: 'Object to a login block (within 30 days of it)',
        description:
          'A blocked member or creator cannot log in, so the objection carries his e-mail and password (a wrong ' +
          'pair gets the 401 of a failed login, and counts as one: the login’s failure counters and waits apply) and ' +
          'his reason (1–1000 characters). ' +
          '409 when the account is not blocked, the block is older than 30 days, or this block already has an ' +
          'objection. Operators decide it in the console (`/api/admin/block-objections`).',
        body: blockObjectionRequestSchema,
        response: { 200: blockObjectionReceiptSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      throttledPasswordCheck(
        request,
        reply,
        request.body.email,
        loginThrottleOf(options.rateLimits.login),
        passwordCredentialOf(app.db),
        () => fileBlockObjection(app.ctx, request.body),
      ),
  );

  routes.post(
    '/block-objections/block',
    {
      schema: {
        tags: ['auth'],
        summary: 'Why and since when my login is blocked (before objecting)',
        description:
          'The blocked account’s e-mail and password (checked and counted as a login, like the objection itself) ' +
          'get the operator’s reason, the block’s date, until when an objection is taken and whether this block ' +
          'has one already. 401 for a wrong pair, 409 when the account is not blocked.',
        body: blockLookupRequestSchema,
        response: { 200: blockLookupSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      throttledPasswordCheck(
        request,
        reply,
        request.body.email,
        loginThrottleOf(options.rateLimits.login),
        passwordCredentialOf(app.db),
        () => lookUpBlock(app.ctx, request.body),
      ),
  );

  routes.delete(
    '/users/me',
    {
      // A member refusing new terms may leave the service (services/src/terms).
      config: { allowedBeforeTermsAcceptance: true },
      schema: {
        tags: ['users'],
        summary: 'Delete the caller’s account (a fan leaving the service)',
        description:
          'Confirmed by the password (accounts that have one). Coins left in the wallet are forfeited by a ledger ' +
          'transaction, and only with `forfeitCoins: true` (400 otherwise: the screen shows the refunds first). 409 ' +
          'while missions he requested are running; 403 for creator and console accounts. Personal data is erased, ' +
          'the e-mail is free for a new sign-up, and the ledger keeps its history under the id, which names nobody ' +
          'any more. The session token stops working.',
        security: [{ bearerAuth: [] }],
        body: accountDeletionRequestSchema,
        response: { 200: accountDeletionResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => deleteAccount(app.ctx, requireCaller(request), request.body),
  );
}
