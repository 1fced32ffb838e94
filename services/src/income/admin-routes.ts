import {
  adminIdParamsSchema,
  adminSettlementDetailSchema,
  adminSettlementFilterSchema,
  adminSettlementSchema,
  confirmGradeProposalRequestSchema,
  gradeProposalFilterSchema,
  gradeProposalSchema,
  koreaDate,
  koreaMonthOf,
  monthKey,
  settlementRunRequestSchema,
  settlementRunResultSchema,
  transferFileQuerySchema,
  updateSettlementRequestSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { countUpTo, listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireRole } from '../auth';
import { AppError, conflict, errorResponses, notFound } from '../http';
import { MonthNotEndedError, settleMonth } from './settlement';
import { adminStatementDto, statementLines, statementsQuery } from './statements';
import type { GradeProposalRow } from './table';

const SETTLEMENTS = 'settlements';
const SORT_COLUMNS = { id: 's.id', month: 's.year', toReceipt: 's.to_receipt', creatorId: 's.creator_id' } as const;

function gradeProposalDto(row: GradeProposalRow & { creator_name: string }) {
  return {
    id: row.id,
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    reviewMonth: row.review_month,
    appliesMonth: row.applies_month,
    onTimeCompleted: row.on_time_completed,
    gradeDropped: row.grade_dropped,
    currentGrade: row.current_grade,
    proposedGrade: row.proposed_grade,
    status: row.status,
    confirmedGrade: row.confirmed_grade,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The finance console's settlement resources (ra-data-simple-rest): statements (finance only — they carry the
 * creators' bank details), the monthly run, the bank transfer file, and the grade review (operators confirm).
 */
export async function settlementAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: settlements'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    `/${SETTLEMENTS}`,
    {
      schema: {
        tags,
        summary: 'Settlement statements (finance; ra-data-simple-rest list)',
        description:
          '`filter` by year, month, status (CARRIED_OVER, ISSUED, APPROVED, PAID), creatorId or overdue; `sort` by ' +
          'id, month, toReceipt or creatorId (default newest). Finance only: rows carry bank details.',
        security,
        querystring: listQuerySchema(['id', 'month', 'toReceipt', 'creatorId'], adminSettlementFilterSchema),
        response: { 200: z.array(adminSettlementSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'ROLE_FINANCE');
      const now = app.ctx.now();
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminSettlementFilterSchema>;
      const [field, direction] = request.query.sort ?? ['id', 'DESC'];
      let query = statementsQuery(app.db);
      if (filter.year !== undefined) query = query.where('s.year', '=', filter.year);
      if (filter.month !== undefined) query = query.where('s.month', '=', filter.month);
      if (filter.status !== undefined) query = query.where('s.status', '=', filter.status);
      if (filter.creatorId !== undefined) query = query.where('s.creator_id', '=', filter.creatorId);
      if (filter.overdue !== undefined) {
        const overdue = sql<boolean>`(s.status in ('ISSUED', 'APPROVED') and s.due_date < ${koreaDate(now)})`;
        query = query.where(filter.overdue ? overdue : sql<boolean>`not ${overdue}`);
      }
      const order = direction === 'ASC' ? 'asc' : 'desc';
      let sorted = query.orderBy(SORT_COLUMNS[field], order);
      if (field === 'month') sorted = sorted.orderBy('s.month', order);
      const [rows, total] = await Promise.all([
        sorted.orderBy('s.id', 'desc').offset(window.offset).limit(window.limit).execute(),
        countUpTo(query),
      ]);
      withContentRange(reply, SETTLEMENTS, window, rows.length, total);
      return rows.map((row) => adminStatementDto(row, now));
    },
  );

  routes.get(
    `/${SETTLEMENTS}/transfer-file`,
    {
      schema: {
        tags,
        summary: 'The bank transfer file of a month (finance, CSV)',
        description:
          'One row per unpaid payout statement of the month (ISSUED or APPROVED): bank, holder, account, amount ' +
          '(won to receive), statement id. UTF-8 with a byte order mark.',
        security,
        querystring: transferFileQuerySchema,
        response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'ROLE_FINANCE');
      const rows = await app.db
        .selectFrom('settlement_statements')
        .select(['id', 'bank_name', 'bank_account_holder', 'bank_account_number', 'to_receipt'])
        .where('year', '=', request.query.year)
        .where('month', '=', request.query.month)
        .where('status', 'in', ['ISSUED', 'APPROVED'])
        .orderBy('id')
        .execute();
      const records = [
        ['bank', 'holder', 'account', 'amount', 'statementId'],
        ...rows.map((row) => [
          row.bank_name ?? '',
          row.bank_account_holder ?? '',
          row.bank_account_number ?? '',
          String(row.to_receipt),
          String(row.id),
        ]),
      ];
      const filename = `settlement-transfers-${monthKey(request.query.year, request.query.month)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(`\uFEFF${records.map((record) => record.map(csvCell).join(',')).join('\r\n')}\r\n`);
    },
  );

  routes.get(
    `/${SETTLEMENTS}/:id`,
    {
      schema: {
        tags,
        summary: 'One statement with its mission lines (finance)',
        description: 'The lines include those of the carried-over months the statement paid.',
        security,
        params: adminIdParamsSchema,
        response: { 200: adminSettlementDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireRole(request, 'ROLE_FINANCE');
      const row = await statementsQuery(app.db).where('s.id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('income.statementNotFound');
      const [lines, carried] = await Promise.all([
        statementLines(app.db, row.id),
        app.db
          .selectFrom('settlement_carryovers')
          .select('carried_statement_id')
          .where('paid_by_statement_id', '=', row.id)
          .orderBy('carried_statement_id')
          .execute(),
      ]);
      return {
        ...adminStatementDto(row, app.ctx.now()),
        lines: lines.map((line) => ({
          ledgerTransactionId: line.ledger_transaction_id,
          statementId: line.statement_id,
          missionId: line.mission_id,
          missionProductType: line.mission_type ?? null,
          missionProductName: line.product_name ?? null,
          username: line.username ?? null,
          coins: line.coins,
          releasedAt: line.released_at.toISOString(),
        })),
        carriedStatementIds: carried.map((entry) => entry.carried_statement_id),
      };
    },
  );

  routes.put(
    `/${SETTLEMENTS}/:id`,
    {
      schema: {
        tags,
        summary: 'Approve a statement, or mark it paid (finance)',
        description:
          '`{"action":"approve"}` approves an ISSUED statement; `{"action":"pay","transferReference","transferDate"}` ' +
          'marks an ISSUED or APPROVED statement PAID. The amounts never change. Repeating the same action is ' +
          'answered with the statement as it is; a carried-over month or a paid statement refuses the rest (409).',
        security,
        params: adminIdParamsSchema,
        body: updateSettlementRequestSchema,
        response: { 200: adminSettlementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const finance = requireRole(request, 'ROLE_FINANCE');
      const now = app.ctx.now();
      const body = request.body;
      await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('settlement_statements')
          .select(['id', 'status'])
          .where('id', '=', request.params.id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound('income.statementNotFound');
        if (body.action === 'approve') {
          if (row.status === 'APPROVED') return;
          if (row.status !== 'ISSUED') throw conflict('income.statementNotApprovable');
          await trx
            .updateTable('settlement_statements')
            .set({ status: 'APPROVED', approved_at: now, approved_by_user_id: finance.id })
            .where('id', '=', row.id)
            .execute();
          return;
        }
        if (row.status === 'PAID') return;
        if (row.status === 'CARRIED_OVER') throw conflict('income.statementNotPayable');
        await trx
          .updateTable('settlement_statements')
          .set({
            status: 'PAID',
            paid_at: now,
            paid_by_user_id: finance.id,
            transfer_reference: body.transferReference,
            transfer_date: body.transferDate,
          })
          .where('id', '=', row.id)
          .execute();
      });
      const updated = await statementsQuery(app.db).where('s.id', '=', request.params.id).executeTakeFirstOrThrow();
      return adminStatementDto(updated, now);
    },
  );

  routes.post(
    '/settlement-runs',
    {
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
    async (request) => {
      const finance = requireRole(request, 'ROLE_FINANCE');
      try {
        return await settleMonth(app.db, {
          year: request.body.year,
          month: request.body.month,
          now: app.ctx.now(),
          trigger: 'ADMIN',
          startedBy: finance.id,
        });
      } catch (error) {
        if (error instanceof MonthNotEndedError) {
          throw new AppError(409, 'income.monthNotEnded', {
            code: 'MONTH_NOT_ENDED',
            params: { month: monthKey(error.year, error.month) },
          });
        }
        throw error;
      }
    },
  );

  routes.get(
    '/grade-proposals',
    {
      schema: {
        tags,
        summary: 'Grade proposals of the monthly review (operators and finance; ra-data-simple-rest list)',
        description: '`filter` by reviewMonth (YYYY-MM), status or creatorId; newest first.',
        security,
        querystring: listQuerySchema(['id'], gradeProposalFilterSchema),
        response: { 200: z.array(gradeProposalSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof gradeProposalFilterSchema>;
      const direction = request.query.sort?.[1] === 'ASC' ? 'asc' : 'desc';
      let query = app.db.selectFrom('grade_proposals as g').innerJoin('creators as c', 'c.id', 'g.creator_id');
      if (filter.reviewMonth !== undefined) query = query.where('g.review_month', '=', filter.reviewMonth);
      if (filter.status !== undefined) query = query.where('g.status', '=', filter.status);
      if (filter.creatorId !== undefined) query = query.where('g.creator_id', '=', filter.creatorId);
      const [rows, count] = await Promise.all([
        query
          .selectAll('g')
          .select('c.name as creator_name')
          .orderBy('g.id', direction)
          .offset(window.offset)
          .limit(window.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      withContentRange(reply, 'grade-proposals', window, rows.length, Number(count.total));
      return rows.map(gradeProposalDto);
    },
  );

  routes.put(
    '/grade-proposals/:id',
    {
      schema: {
        tags,
        summary: 'Confirm a grade proposal (operator)',
        description:
          'The proposed grade, or `grade` to choose another, becomes the creator’s grade for the month after the ' +
          'review (and his grade now, once that month has begun). Confirming again changes nothing (409 with ' +
          'another grade).',
        security,
        params: adminIdParamsSchema,
        body: confirmGradeProposalRequestSchema,
        response: { 200: gradeProposalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const operator = requireRole(request, 'ROLE_OPERATOR');
      const now = app.ctx.now();
      await app.db.transaction().execute(async (trx) => {
        const proposal = await trx
          .selectFrom('grade_proposals')
          .selectAll()
          .where('id', '=', request.params.id)
          .forUpdate()
          .executeTakeFirst();
        if (!proposal) throw notFound('income.gradeProposalNotFound');
        const grade = request.body.grade ?? proposal.proposed_grade;
        if (proposal.status === 'CONFIRMED') {
          if (proposal.confirmed_grade !== grade) throw conflict('income.gradeProposalConfirmed');
          return;
        }
        await trx
          .updateTable('grade_proposals')
          .set({ status: 'CONFIRMED', confirmed_grade: grade, confirmed_by_user_id: operator.id, confirmed_at: now })
          .where('id', '=', proposal.id)
          .execute();
        await trx
          .insertInto('creator_monthly_grades')
          .values({
            creator_id: proposal.creator_id,
            month: proposal.applies_month,
            grade,
            confirmed_by_user_id: operator.id,
            confirmed_at: now,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['creator_id', 'month'])
              .doUpdateSet({ grade, confirmed_by_user_id: operator.id, confirmed_at: now }),
          )
          .execute();
        const current = koreaMonthOf(now);
        if (proposal.applies_month <= monthKey(current.year, current.month)) {
          await trx
            .updateTable('creators')
            .set({ grade, updated_at: now })
            .where('id', '=', proposal.creator_id)
            .execute();
        }
      });
      const row = await app.db
        .selectFrom('grade_proposals as g')
        .innerJoin('creators as c', 'c.id', 'g.creator_id')
        .selectAll('g')
        .select('c.name as creator_name')
        .where('g.id', '=', request.params.id)
        .executeTakeFirstOrThrow();
      return gradeProposalDto(row);
    },
  );
}
