import { adminDashboardSchema, dashboardQuerySchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http';
import type { EventConsumer } from '../outbox';
import { dashboard } from './dashboard';

/** `GET /api/admin/dashboard`: the console's charts in one answer (with the lag of these outbox consumers). */
export const dashboardAdminRoutes = (consumers: readonly EventConsumer[]) =>
  async function dashboardRoutes(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/dashboard',
      {
        schema: {
          tags: ['admin: dashboard'],
          summary: 'Sales, missions, escrow and event-pipeline aggregates of the last `days` Korea-time days',
          description:
            'Coin sales per day in won and by payment method (kakaopay, card, paypal, bank), missions requested / ' +
            'completed / expired per day, the on-time rate (completed ÷ completed + perform-expired), coins held in ' +
            'escrow now, payout statement totals (to transfer, and paid) for each of the last 12 months, and the ' +
            'outbox relay and consumer lag.',
          security: [{ bearerAuth: [] }],
          querystring: dashboardQuerySchema,
          response: { 200: adminDashboardSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => dashboard(app.ctx, consumers, request.query.days),
    );
  };
