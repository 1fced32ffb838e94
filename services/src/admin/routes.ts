import { type AdminWriteResource, STAFF_ROLES, adminReadRoles, adminWriteRoles } from '@fanmission/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireRole } from '../auth';
import { accessDenied } from '../http';
import { auditWrites, isRead } from './audit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The admin resource a route of `/api/admin` reads or changes: who may call it is ADMIN_READ_POLICY's or
     * ADMIN_WRITE_POLICY's entry for it, and the audit log files a write under it. A write route without one is
     * refused; a read route without one is open to both console roles.
     */
    adminResource?: AdminWriteResource;
  }
}

/**
 * `/api/admin/*`: the operator console's API in the ra-data-simple-rest dialect. Every route needs an operator or
 * finance account; a write needs a role of ADMIN_WRITE_POLICY for the resource its matched route declares (deny by
 * default: a write route that declares none is 403 for everybody), a read of a resource of ADMIN_READ_POLICY its role;
 * every write is appended to the audit log. The rule comes from the route the router matched, never from the spelling
 * of the URL, and is checked before the request's body or query is. Each module adds its resources through
 * `resources`; their handlers do not check roles again.
 */
export async function adminRoutes(app: FastifyInstance, options: { resources: FastifyPluginAsync[] }) {
  app.addHook('onRequest', async (request) => {
    requireRole(request, ...STAFF_ROLES);
    const resource = request.routeOptions.config.adminResource;
    if (isRead(request.method)) {
      requireRole(request, ...adminReadRoles(resource));
      return;
    }
    const roles = resource === undefined ? [] : adminWriteRoles(resource);
    if (roles.length === 0) throw accessDenied();
    requireRole(request, ...roles);
  });
  app.addHook('onSend', auditWrites(app.ctx.db, app.ctx.now));
  for (const resource of options.resources) await app.register(resource);
}
