import { adminPopupFilterSchema, adminPopupInputSchema, adminPopupSchema, idParamsSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { errorResponses } from '../http';
import * as repository from './repository';
import * as popups from './service';

const RESOURCE = 'popups';

/** `/api/admin/popups`: operators manage the landing popups (ra-data-simple-rest: list, one, create, update, delete). */
export async function popupAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: popups'];
  const security = [{ bearerAuth: [] }];
  const one = async (id: number) => {
    const row = await repository.findPopup(app.db, id);
    if (!row) throw popups.popupNotFound();
    return (await popups.adminViews(app.ctx, [row]))[0]!;
  };

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Popups (getList / getMany)',
    description: 'sort=["id","DESC"], range=[0,24], filter={"active":true,"id":[1,2]}; the total is in Content-Range.',
    defaultSort: ['id', 'DESC'],
    filter: adminPopupFilterSchema,
    row: adminPopupSchema,
    list: async (query) => {
      const { rows, total } = await repository.listPopups(app.db, query);
      return { rows: await popups.adminViews(app.ctx, rows), total };
    },
  });
  consoleRecordRoute(app, { resource: RESOURCE, tags, summary: 'One popup', row: adminPopupSchema, find: one });

  routes.post(
    `/${RESOURCE}`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Add a popup',
        description:
          '`webImageId` is an image uploaded with `POST /files/s3`; colours are 3 or 6 hex digits; `endsAt` after ' +
          '`startsAt` when both are set.',
        security,
        body: adminPopupInputSchema,
        response: { 200: adminPopupSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const row = await repository.insertPopup(app.db, await popups.popupValues(app.ctx, request.body));
      return one(row.id);
    },
  );

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Change a popup',
        description: 'react-admin sends the whole record; read-only fields (id, webImage, createdAt) are ignored.',
        security,
        params: idParamsSchema,
        body: adminPopupInputSchema,
        response: { 200: adminPopupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const values = await popups.popupValues(app.ctx, request.body);
      if (!(await repository.updatePopup(app.db, request.params.id, values))) throw popups.popupNotFound();
      return one(request.params.id);
    },
  );

  routes.delete(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Delete a popup',
        description: 'Answers the deleted record, as ra-data-simple-rest expects.',
        security,
        params: idParamsSchema,
        response: { 200: adminPopupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const record = await one(request.params.id);
      await repository.deletePopup(app.db, request.params.id);
      return record;
    },
  );
}
