import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireRole } from '../auth';

/**
 * `/api/admin/*`: the operator console's API in the ra-data-simple-rest dialect. Every route needs an operator or
 * finance account; each module adds its resources through `adminResources`.
 */
export async function adminRoutes(app: FastifyInstance, options: { resources: FastifyPluginAsync[] }) {
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'ROLE_OPERATOR', 'ROLE_FINANCE');
  });
  for (const resource of options.resources) await app.register(resource);
}
