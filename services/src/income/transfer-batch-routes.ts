import {
  adminIdParamsSchema,
  transferBatchCreateSchema,
  transferBatchDetailSchema,
  transferBatchFilterSchema,
  transferBatchPreviewQuerySchema,
  transferBatchPreviewSchema,
  transferBatchResultImportSchema,
  transferBatchResultOutcomeSchema,
  transferBatchSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleListRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as batches from './transfer-batches';

const RESOURCE = 'settlement-transfer-batches';

/**
 * The finance console's bank transfer batches (services/src/income/transfer-batches.ts): list and show, making one,
 * its file once released, cancelling it before, and reading the bank's result of it. Finance only: the lines carry
 * the creators' bank details.
 */
export function transferBatchRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: settlements'];
  const security = [{ bearerAuth: [] }];
  const config = { adminResource: RESOURCE } as const;

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Bank transfer batches (finance; ra-data-simple-rest list)',
    description: '`filter` by status (CREATED, RELEASED, CLOSED, CANCELLED), year or month; newest first by default.',
    defaultSort: ['id', 'DESC'],
    filter: transferBatchFilterSchema,
    row: transferBatchSchema,
    list: (query) => batches.listTransferBatches(app.ctx, query),
  });

  routes.post(
    `/${RESOURCE}`,
    {
      config,
      schema: {
        tags,
        summary: 'Make a numbered bank transfer batch of a month (finance; 201)',
        description:
          'Takes the month’s APPROVED (or TRANSFER_FAILED) statements that are not held, or exactly `statementIds` ' +
          '(each must be, else 409 SETTLEMENT_BATCH_NOT_ELIGIBLE with a `statementIds` sub-error per refused id — ' +
          'another batch holds it, not approved, held, no bank code — and nothing is made). They move to ' +
          'IN_TRANSFER in the same transaction: in no other batch, and not approved, paid or released another way. ' +
          'The batch records its maker, count, total won and the SHA-256 of its file, and asks for its release: a ' +
          'SETTLEMENT_TRANSFER_RELEASE approval request (`releaseApprovalId`) that another finance member not ' +
          'related to the maker approves at `/api/admin/approvals/{id}/decision`. 409 SETTLEMENT_BATCH_EMPTY when ' +
          'nothing is left to take.',
        security,
        body: transferBatchCreateSchema,
        response: { 201: transferBatchSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await batches.createTransferBatch(app.ctx, requireCaller(request), request.body)),
  );

  routes.get(
    `/${RESOURCE}/preview`,
    {
      config,
      schema: {
        tags,
        summary: 'What a batch of the month would take now (finance; nothing is made)',
        description:
          'The ids, count and won of the statements `POST` with the same month and no selection would take now: ' +
          'APPROVED or TRANSFER_FAILED, not held, in no other batch, their bank with a code. A month with nothing to ' +
          "take is a count of 0. Statements whose account is not the payee's own verified one (its holder look-up, " +
          'his verified name or verified business, unchanged since) are left out and listed in `refused` with why, in ' +
          "the caller's language.",
        security,
        querystring: transferBatchPreviewQuerySchema,
        response: { 200: transferBatchPreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => batches.previewTransferBatch(app.ctx, request.query, request.language),
  );

  routes.get(
    `/${RESOURCE}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One bank transfer batch with its lines (finance)',
        description:
          'Each line: the statement, its creator, bank code (은행코드), bank, account, won, and the bank’s result ' +
          '(PENDING, PAID, FAILED with the reason).',
        security,
        params: adminIdParamsSchema,
        response: { 200: transferBatchDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => batches.getTransferBatch(app.ctx, request.params.id),
  );

  routes.get(
    `/${RESOURCE}/:id/file`,
    {
      config,
      schema: {
        tags,
        summary: 'The bulk transfer file of a released batch (finance, CSV)',
        description:
          '대량이체 file: UTF-8 with a byte order mark; columns 은행코드 (the bank’s 3-digit code), 은행명, 계좌번호, ' +
          '예금주, 이체금액, 받는분통장표시 (`FM-S` and the statement id), 정산서번호. The same bytes at every download ' +
          '(`x-content-sha256` is the batch’s `fileSha256`). 409 TRANSFER_BATCH_NOT_RELEASED before the release (or ' +
          'after a cancellation), 409 TRANSFER_BATCH_FILE_CHANGED when the file made again differs from its hash.',
        security,
        params: adminIdParamsSchema,
        response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const file = await batches.transferBatchFile(app.ctx, request.params.id);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-sha256', file.sha256)
          // The bytes as UTF-8 text: written back, they are the same bytes (byte order mark included).
          .send(file.bytes.toString('utf8'))
      );
    },
  );

  routes.post(
    `/${RESOURCE}/:id/cancel`,
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a batch nobody released yet (finance)',
        description:
          'Its statements go back to APPROVED and its release request is void. A released or closed batch is 409 ' +
          'TRANSFER_BATCH_NOT_CANCELLABLE (its file may be at the bank).',
        security,
        params: adminIdParamsSchema,
        response: { 200: transferBatchSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => batches.cancelTransferBatch(app.ctx, requireCaller(request), request.params.id),
  );

  const resultFile =
    'The bank’s result file of THIS batch as CSV text in `csv`: a header row naming 정산서번호 (or `statementId`) ' +
    'or 받는분통장표시 (or `memo`), 계좌번호 (`account`), 이체금액 (`amount`), 처리결과 (`result`: 정상/OK or ' +
    '실패/FAILED) and optionally 사유 (`reason`). A line settles its statement only when the statement is on a line ' +
    'of this batch not settled yet, and the account (digits compared) and won are the line’s; every other line ' +
    'settles nothing and is listed as a discrepancy with both values (NOT_IN_BATCH, ACCOUNT_DIFFERS, ' +
    'AMOUNT_DIFFERS, DUPLICATE, ALREADY_SETTLED, UNREADABLE; ACCOUNT_NOT_PAYEES: a paid line of a statement whose ' +
    "account is no longer the payee's own verified one). A file without those columns is 400 " +
    'TRANSFER_RESULT_UNREADABLE; a batch not released is 409 TRANSFER_BATCH_NOT_RELEASED.';

  routes.post(
    `/${RESOURCE}/:id/results/preview`,
    {
      config,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Read a bank result file against its batch without recording it (finance)',
        description: `${resultFile} Changes nothing (\`applied\` false).`,
        security,
        params: adminIdParamsSchema,
        body: transferBatchResultImportSchema,
        response: { 200: transferBatchResultOutcomeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => batches.previewTransferBatchResult(app.ctx, request.params.id, request.body),
  );

  routes.post(
    `/${RESOURCE}/:id/results`,
    {
      config,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Record the bank’s result of a released batch (finance)',
        description:
          `${resultFile} A paid line’s statement is PAID with \`transferReference\` and \`transferDate\`; a ` +
          'failed line’s is TRANSFER_FAILED with the date and the bank’s reason; each creator is notified and ' +
          'mailed. The batch is CLOSED once every line is settled.',
        security,
        params: adminIdParamsSchema,
        body: transferBatchResultImportSchema,
        response: { 200: transferBatchResultOutcomeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      batches.importTransferBatchResult(app.ctx, requireCaller(request), request.params.id, request.body),
  );
}
