import {
  adminTermsVersionFilterSchema,
  adminTermsVersionInputSchema,
  adminTermsVersionSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses, notFound } from '../http';
import * as repository from './repository';
import * as terms from './service';

const RESOURCE = 'terms-versions';

/** `/api/admin/terms-versions`: operators publish versions of the terms and withdraw one not yet in force. */
export async function termsVersionAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: terms'];
  const security = [{ bearerAuth: [] }];
  const one = async (id: number) => {
    const { rows } = await repository.listVersions(app.db, {
      filter: { id },
      direction: 'asc',
      offset: 0,
      limit: 1,
    });
    if (!rows[0]) throw notFound('terms.versionNotFound');
    return (await terms.adminViews(app.ctx, rows))[0]!;
  };

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Terms versions (getList / getMany)',
    description: 'Every version of the three documents with its state today; filter={"kind":"terms"}.',
    defaultSort: ['id', 'DESC'],
    filter: adminTermsVersionFilterSchema,
    row: adminTermsVersionSchema,
    list: async (query) => {
      const { rows, total } = await repository.listVersions(app.db, {
        filter: query.filter,
        direction: query.sort[1] === 'ASC' ? 'asc' : 'desc',
        ...query.window,
      });
      return { rows: await terms.adminViews(app.ctx, rows), total };
    },
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One terms version',
    row: adminTermsVersionSchema,
    find: one,
  });

  routes.post(
    `/${RESOURCE}`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Publish a new version of the terms',
        description:
          'The effective date is a Korea-time day at least 15 days ahead (30 when `unfavourable` to members) and after ' +
          'the kind’s versions already announced (400 naming `effectiveDate` otherwise). Every member is told in the ' +
          'background: a notification and a mail in his language.',
        security,
        body: adminTermsVersionInputSchema,
        response: { 200: adminTermsVersionSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => one(await terms.publishVersion(app.ctx, request.body, requireCaller(request).id)),
  );

  routes.delete(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Withdraw a version not yet in force',
        description:
          'Its notice stops and it never takes effect; the record stays (state WITHDRAWN). 409 for a version in force ' +
          'or past: nothing in force changes.',
        security,
        params: idParamsSchema,
        response: { 200: adminTermsVersionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await terms.withdrawVersion(app.ctx, request.params.id, requireCaller(request).id);
      return one(request.params.id);
    },
  );
}
