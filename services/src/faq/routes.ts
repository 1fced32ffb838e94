import { faqQuerySchema, faqSchema, pageSchema, type Faq } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FaqRow } from './table';
import { errorResponses } from '../http';
import * as repository from './repository';

export const faqView = (row: FaqRow): Faq => ({
  id: row.id,
  title: row.title,
  content: row.content,
  created: row.created_at.toISOString(),
  type: row.category,
});

/** `GET /board/faq`: the FAQ page, a category at a time. */
export async function faqRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/board/faq',
    {
      schema: {
        tags: ['board'],
        summary: 'FAQ entries of a category',
        description:
          '`type` PAYMENT (default) or MISSION; `direction` ASC (default) or DESC over the operators’ order; ' +
          'page size 6 by default. Public.',
        querystring: faqQuerySchema,
        response: { 200: pageSchema(faqSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { page, size, type, direction } = request.query;
      const { rows, total } = await repository.faqPage(app.db, {
        category: type,
        direction,
        offset: page * size,
        limit: size,
      });
      const totalPages = Math.ceil(total / size);
      return {
        content: rows.map(faqView),
        totalElements: total,
        totalPages,
        number: page,
        size,
        last: page >= totalPages - 1,
      };
    },
  );
}
