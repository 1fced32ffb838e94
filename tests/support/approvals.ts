import type { AdminApproval } from '@fanmission/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/*
 * Test support for the staff approvals (services/src/approvals): a guarded console action answers 202 with a request,
 * which a second staff member approves; the action runs then and the request answers its result.
 */

/** Approves the request a 202 answer carries, as `checker`; answers what the action returned (the request's result). */
export async function approveAs<Result = unknown>(
  app: FastifyInstance,
  checker: { headers: Record<string, string> },
  requested: LightMyRequestResponse,
): Promise<Result> {
  expect(requested.statusCode, requested.body).toBe(202);
  const request = requested.json<AdminApproval>();
  const decided = await app.inject({
    method: 'POST',
    url: `/api/admin/approvals/${request.id}/decision`,
    headers: { ...checker.headers, 'accept-language': 'en' },
    payload: { decision: 'approve' },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  const approval = decided.json<AdminApproval>();
  expect(approval.status).toBe('EXECUTED');
  return approval.result as Result;
}
