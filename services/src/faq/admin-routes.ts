import { adminFaqFilterSchema, adminFaqInputSchema, adminFaqSchema, idParamsSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import type { FaqRow, NewFaq } from './table';
import { errorResponses, notFound } from '../http';
import * as repository from './repository';

const RESOURCE = 'faqs';

const adminFaq = (row: FaqRow): z.infer<typeof adminFaqSchema> => ({
  id: row.id,
  category: row.category,
  title: row.title,
  content: row.content,
  titleEn: row.title_en,
  contentEn: row.content_en,
  titleJa: row.title_ja,
  contentJa: row.content_ja,
  position: row.position,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const faqNotFound = () => notFound('board.faqNotFound');

/** The entry as the console sends it, as the table keeps it. */
const faqValues = (input: z.infer<typeof adminFaqInputSchema>): NewFaq => ({
  category: input.category,
  title: input.title,
  content: input.content,
  title_en: input.titleEn,
  content_en: input.contentEn,
  title_ja: input.titleJa,
  content_ja: input.contentJa,
  position: input.position,
});

/** `/api/admin/faqs`: operators write the FAQ (ra-data-simple-rest: list, one, create, update, delete). */
export async function faqAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: FAQ'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'FAQ entries (getList / getMany)',
    description:
      'sort=["position","ASC"], range=[0,24], filter={"category":"PAYMENT","q":"text","id":[1,2]}; ' +
      'the total is in Content-Range.',
    defaultSort: ['position', 'ASC'],
    filter: adminFaqFilterSchema,
    row: adminFaqSchema,
    list: async (query) => {
      const { rows, total } = await repository.listFaqs(app.db, query);
      return { rows: rows.map(adminFaq), total };
    },
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One FAQ entry',
    row: adminFaqSchema,
    find: async (id) => {
      const row = await repository.findFaq(app.db, id);
      if (!row) throw faqNotFound();
      return adminFaq(row);
    },
  });

  routes.post(
    `/${RESOURCE}`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Add an FAQ entry',
        security,
        body: adminFaqInputSchema,
        response: { 200: adminFaqSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => adminFaq(await repository.insertFaq(app.db, faqValues(request.body))),
  );

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Change an FAQ entry',
        description: 'react-admin sends the whole record; unknown fields (id, createdAt, …) are ignored.',
        security,
        params: idParamsSchema,
        body: adminFaqInputSchema,
        response: { 200: adminFaqSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await repository.updateFaq(app.db, request.params.id, faqValues(request.body));
      if (!row) throw faqNotFound();
      return adminFaq(row);
    },
  );

  routes.delete(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Delete an FAQ entry',
        description: 'Answers the deleted record, as ra-data-simple-rest expects.',
        security,
        params: idParamsSchema,
        response: { 200: adminFaqSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await repository.deleteFaq(app.db, request.params.id);
      if (!row) throw faqNotFound();
      return adminFaq(row);
    },
  );
}
