import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http';
import { statementCsv, statementFilename, statementPdf } from './documents';
import type { statementWithLines } from './creator-income';

type StatementWithLines = Awaited<ReturnType<typeof statementWithLines>>;

/**
 * `GET {path}/pdf` and `GET {path}/csv`: one statement as a file, in the caller's language (Korean by default); `find`
 * checks the caller's right to it and answers 404 for a statement he may not read.
 */
export function statementDocumentRoutes<Params extends z.ZodType>(
  app: FastifyInstance,
  options: {
    path: string;
    params: Params;
    tags: string[];
    whose: string;
    config?: Record<string, unknown>;
    find: (request: FastifyRequest<{ Params: z.infer<Params> }>) => Promise<StatementWithLines>;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const format of ['pdf', 'csv'] as const) {
    routes.get(
      `${options.path}/${format}`,
      {
        ...(options.config && { config: options.config }),
        schema: {
          tags: options.tags,
          summary: `Download ${options.whose} as ${format.toUpperCase()}`,
          description:
            format === 'pdf'
              ? 'The statement with its payee, amounts and mission lines, in the caller’s language (Korean by default).'
              : 'One header row and one row per amount, then the mission lines (UTF-8 with a byte order mark).',
          security: [{ bearerAuth: [] }],
          params: options.params,
          response: {
            200: z.any().describe(`The ${format.toUpperCase()} file`),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { statement: row, lines } = await options.find(request as FastifyRequest<{ Params: z.infer<Params> }>);
        reply
          .header('content-disposition', `attachment; filename="${statementFilename(row, format)}"`)
          .header('cache-control', 'private, no-cache');
        if (format === 'csv')
          return reply.type('text/csv; charset=utf-8').send(statementCsv(row, lines, request.language, app.ctx.now()));
        return reply
          .type('application/pdf')
          .send(await statementPdf(row, lines, request.language, app.ctx.now(), app.config.STATEMENT_FONT_PATH));
      },
    );
  }
}
