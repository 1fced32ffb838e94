import {
  adminApprovalSchema,
  adminIdParamsSchema,
  adminSettlementDetailSchema,
  adminSettlementFilterSchema,
  adminSettlementSchema,
  confirmGradeProposalRequestSchema,
  gradeProposalFilterSchema,
  gradeProposalSchema,
  incomeMonthQuerySchema,
  settlementRunRequestSchema,
  settlementBatchPreviewQuerySchema,
  settlementBatchPreviewSchema,
  settlementBatchRequestSchema,
  settlementRunResultSchema,
  updateSettlementRequestSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleListRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { previewStatementBatch, requestStatementBatch } from './batches';
import { transferBatchRoutes } from './transfer-batch-routes';
import * as settlementConsole from './console';
import { confirmGradeProposalOrRequestApproval } from './grade-proposal-approvals';
import { statementWithLines } from './creator-income';
import { statementDocumentRoutes } from './statement-document-routes';

const SETTLEMENTS = 'settlements';

/**
 * The finance console's settlement resources (ra-data-simple-rest): statements (finance only — they carry the
 * creators' bank details), the monthly run, the bank transfer batches (./transfer-batch-routes.ts), and the grade review (operators confirm).
 */
export async function settlementAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: settlements'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: SETTLEMENTS,
    tags,
    summary: 'Settlement statements (finance; ra-data-simple-rest list)',
    description:
      '`filter` by year, month, status (CARRIED_OVER, ISSUED, APPROVED, PAID), creatorId or overdue; `sort` by ' +
      'id, year or month (both the month), creatorId, totalEarningCoin, income, toReceipt or status (default ' +
      'status, APPROVED, CARRIED_OVER, ISSUED then PAID: the statements waiting for finance before the paid ones, ' +
      'oldest first); ties by id in the same direction. Finance only: rows carry bank details.',
    defaultSort: ['status', 'ASC'],
    filter: adminSettlementFilterSchema,
    row: adminSettlementSchema,
    list: (query) => settlementConsole.listStatements(app.ctx, query),
  });

  routes.post(
    `/${SETTLEMENTS}/batches`,
    {
      config: { adminResource: SETTLEMENTS },
      schema: {
        tags,
        summary: 'Ask to approve or mark paid a month of statements at once (finance; 202, one approval request)',
        description:
          '`{"action":"approve","year","month"}` takes every ISSUED statement of the month that is not held, ' +
          '`{"action":"pay","year","month","transferReference","transferDate"}` every APPROVED one. ' +
          '`statementIds` (at most 1,000, the rows selected in the list) takes exactly those: each must be of the ' +
          "month, in the action's status and not held, else 409 SETTLEMENT_BATCH_NOT_ELIGIBLE with a `statementIds` " +
          'sub-error naming the rule each refused id breaks, and nothing is asked. ' +
          'Held statements are never in a batch. 202 with ONE staff ' +
          'approval request (STATEMENT_BATCH_APPROVE or STATEMENT_BATCH_PAY) whose parameters freeze each ' +
          'statement (id, creator, won to transfer, tax withheld) and whose summary gives the count and totals; ' +
          'another finance member approves it at `/api/admin/approvals/{id}/decision`. Then every frozen statement ' +
          'still in the expected status, not held and with its amount unchanged changes in one transaction; the ' +
          'result lists the others as skipped with the reason (HELD, ALREADY_DONE, STATUS_CHANGED, AMOUNT_CHANGED, ' +
          "GONE, and for a payment PAYEE_ACCOUNT_REFUSED: the account is not the payee's own verified one). " +
          '409 SETTLEMENT_BATCH_EMPTY when no statement matches.',
        security,
        body: settlementBatchRequestSchema,
        response: { 202: adminApprovalSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await requestStatementBatch(app.ctx, requireCaller(request), request.body)),
  );

  routes.get(
    `/${SETTLEMENTS}/batches/preview`,
    {
      config: { adminResource: SETTLEMENTS },
      schema: {
        tags,
        summary: 'What a batch request would take now: its count and totals (finance; nothing is asked)',
        description:
          'The count, won to transfer and tax withheld of the statements `POST /settlements/batches` with the same ' +
          "action, month and selection would freeze now — the figures its approval's summary carries, computed by " +
          'the same function. `statementIds` is the selection, comma-separated (at most 1,000); a selection the ' +
          'request would refuse is refused the same way (409 SETTLEMENT_BATCH_NOT_ELIGIBLE). A month with nothing ' +
          'to take is a count of 0.',
        security,
        querystring: settlementBatchPreviewQuerySchema,
        response: { 200: settlementBatchPreviewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => previewStatementBatch(app.ctx, request.query),
  );

  transferBatchRoutes(app);

  routes.get(
    `/${SETTLEMENTS}/withholding-summary`,
    {
      config: { adminResource: SETTLEMENTS },
      schema: {
        tags,
        summary: 'The withholding tax summary of a month (finance, CSV)',
        description:
          'One row per creator whose statement of the month (issued, approved or paid) withholds tax (거주자 사업소득: ' +
          '3 % income tax and 0.3 % local income tax, none when the income tax is under 1,000 won; 해외 계좌 지급: ' +
          '10 %), in Korean headers with what a 간이지급명세서 asks: 귀속연월, 지급연월, 소득자 성명 (the payout ' +
          'account holder), 내외국인, 생년월일 (given at sign-up), 주민등록번호 (empty: not kept, finance fills it), ' +
          '업종코드, 소득구분, 지급액, 세율, 소득세, 지방소득세, then 활동명, creator and statement numbers; a 합계 row ' +
          'last. Business-registered creators withhold nothing and are not listed. UTF-8 with a byte order mark.',
        security,
        querystring: incomeMonthQuerySchema,
        response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const file = await settlementConsole.withholdingSummary(app.ctx, request.query.year, request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.csv);
    },
  );

  routes.get(
    `/${SETTLEMENTS}/:id`,
    {
      config: { adminResource: SETTLEMENTS },
      schema: {
        tags,
        summary: 'One statement with its mission lines (finance)',
        description: 'The lines include those of the carried-over months the statement paid.',
        security,
        params: adminIdParamsSchema,
        response: { 200: adminSettlementDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => settlementConsole.getStatementDetail(app.ctx, request.params.id),
  );

  statementDocumentRoutes(app, {
    path: `/${SETTLEMENTS}/:id`,
    params: adminIdParamsSchema,
    tags,
    whose: 'a statement as its creator downloads it (finance)',
    config: { adminResource: SETTLEMENTS },
    find: (request) => statementWithLines(app.db, request.params.id),
  });

  routes.put(
    `/${SETTLEMENTS}/:id`,
    {
      config: { adminResource: SETTLEMENTS },
      schema: {
        tags,
        summary:
          'Ask to approve a statement, mark it paid or release its hold (finance; 202, a staff approval request)',
        description:
          '`{"action":"approve"}` (an ISSUED statement), `{"action":"pay","transferReference","transferDate"}` (an ' +
          'APPROVED one: ISSUED is 409 STATEMENT_NOT_APPROVED) and `{"action":"release","note"}` (a held one) are ' +
          '202 with a staff approval request: another finance member approves it at ' +
          '`/api/admin/approvals/{id}/decision`, and it runs then. The amounts never change. A held statement is ' +
          'neither approved nor paid: 409 STATEMENT_HELD while a payout account change waits for its release, 409 ' +
          'PAYOUT_ACCOUNT_UNVERIFIED while the account it pays is not VERIFIED by the account-holder look-up (the ' +
          'message says why). A decision already made is answered with the statement as ' +
          'it is (200); a carried-over month or a paid statement refuses the rest (409). Whoever made the payout ' +
          'account change that held a statement neither asks for its release nor approves it (403 ' +
          'OWN_PAYOUT_CHANGE).',
        security,
        params: adminIdParamsSchema,
        body: updateSettlementRequestSchema,
        response: {
          200: adminSettlementSchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const outcome = await settlementConsole.decideStatement(
        app.ctx,
        requireCaller(request),
        request.params.id,
        request.body,
      );
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.statement;
    },
  );

  routes.post(
    '/settlement-runs',
    {
      config: { adminResource: 'settlement-runs' },
      schema: {
        tags,
        summary: 'Settle a month now (finance)',
        description:
          'The same run as the monthly Schedule: a statement per creator with unsettled coins, the ledger payout in ' +
          'the same transaction, and the grade review. Running a month again issues nothing. A month that has not ' +
          'ended in Korea is refused (409).',
        security,
        body: settlementRunRequestSchema,
        response: { 200: settlementRunResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      settlementConsole.runSettlement(app.ctx, requireCaller(request), request.body.year, request.body.month),
  );

  consoleListRoute(app, {
    resource: 'grade-proposals',
    tags,
    summary: 'Grade proposals of the monthly review (operators and finance; ra-data-simple-rest list)',
    description: '`filter` by reviewMonth (YYYY-MM), status or creatorId; newest first.',
    defaultSort: ['id', 'DESC'],
    filter: gradeProposalFilterSchema,
    row: gradeProposalSchema,
    list: ({ filter, sort, window }) =>
      settlementConsole.listGradeProposals(app.ctx, { filter, direction: sort[1] === 'ASC' ? 'asc' : 'desc', window }),
  });

  routes.put(
    '/grade-proposals/:id',
    {
      config: { adminResource: 'grade-proposals' },
      schema: {
        tags,
        summary: 'Confirm a grade proposal (operator; another grade than proposed, 202)',
        description:
          'The proposed grade, or `grade` to choose another, becomes the creator’s grade for the month after the ' +
          'review (and his grade now, once that month has begun). Confirming again changes nothing (409 with ' +
          'another grade). Choosing another grade than the proposed one sets a payout rate: 202 with a staff ' +
          'approval request (GRADE_PROPOSAL_OVERRIDE) that a finance member approves; it is confirmed then.',
        security,
        params: adminIdParamsSchema,
        body: confirmGradeProposalRequestSchema,
        response: { 200: gradeProposalSchema, 202: adminApprovalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await confirmGradeProposalOrRequestApproval(
        app.ctx,
        requireCaller(request),
        request.params.id,
        request.body.grade,
      );
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.proposal;
    },
  );
}
