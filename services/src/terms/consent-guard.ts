import type { FastifyRequest } from 'fastify';
import { isStaffOnly } from '../auth';
import type { ServiceContext } from '../context';
import { mustAcceptTerms, termsNotAccepted } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A change a member may make before he accepts the terms in force: accepting them, leaving the service (deleting
     * his account) and what leaving asks him to do first (withdrawing a charge, asking for a refund).
     */
    allowedBeforeTermsAcceptance?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The member API's rule for the terms: a member with a version in force to accept may read everything (his coins, his
 * missions, the terms themselves) but change nothing until he accepts it — he requests no mission, charges no coins,
 * comments nothing under terms he has not agreed to — except the routes that say `allowedBeforeTermsAcceptance`.
 * The web app asks him first (its consent dialog); this is the rule for every other client. Console-only accounts
 * agree to no member terms.
 */
export function requireAcceptedTerms(ctx: ServiceContext) {
  return async (request: FastifyRequest) => {
    const caller = request.caller;
    if (!caller || READS.has(request.method) || request.routeOptions.config.allowedBeforeTermsAcceptance) return;
    if (isStaffOnly(caller.roles)) return;
    if (caller.termsPending ?? (await mustAcceptTerms(ctx, caller.id))) throw termsNotAccepted();
  };
}
