import { faqQuerySchema, faqSchema, pageSchema, toPage, type Faq, type Language } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FaqRow } from './table';
import { errorResponses } from '../http';
import * as repository from './repository';

/** An entry in the reader's language where the operators wrote it, else in Korean. */
export const faqView = (row: FaqRow, language: Language): Faq => {
  const [title, content] =
    language === 'en'
      ? [row.title_en, row.content_en]
      : language === 'ja'
        ? [row.title_ja, row.content_ja]
        : [null, null];
  return {
    id: row.id,
    title: title ?? row.title,
    content: content ?? row.content,
    created: row.created_at.toISOString(),
    type: row.category,
  };
};

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
          'page size 6 by default. Public. Each entry in the caller’s language where the operators wrote it, else ' +
          'in Korean.',
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
      return toPage(
        rows.map((row) => faqView(row, request.language)),
        total,
        { page, size },
      );
    },
  );
}
