import { ADMIN_WRITE_POLICY } from '@fanmission/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireRole } from '../auth';
import { adminResourceOf, auditWrites } from './audit';

/**
 * `/api/admin/*`: the operator console's API in the ra-data-simple-rest dialect. Every route needs an operator or
 * finance account; writes to a resource of `ADMIN_WRITE_POLICY` need its role (moderation for operators, money for
 * finance); every write is appended to the audit log. Each module adds its resources through `resources`.
 */
export async function adminRoutes(app: FastifyInstance, options: { resources: FastifyPluginAsync[] }) {
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'ROLE_OPERATOR', 'ROLE_FINANCE');
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const role = ADMIN_WRITE_POLICY[adminResourceOf(request.url)];
    if (role) requireRole(request, role);
  });
  app.addHook('onSend', auditWrites(app.ctx.db, app.ctx.now));
  for (const resource of options.resources) await app.register(resource);
}
