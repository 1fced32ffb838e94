import type { FastifyRequest } from 'fastify';
import { isConsolePath } from '../auth';
import { notFound } from '../http';

/**
 * A percent-encoded unreserved character (a letter, a digit, `-`, `.`, `_`, `~`) means the character itself, so a
 * client that is not trying to pass for another path never sends one; the router decodes them before matching. The
 * console's API answers only the plain spelling of its paths.
 */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2d|2e|5f|7e)/i;

/** Whether the path of a raw request URL (the query is not looked at) percent-encodes an unreserved character. */
export function hasEncodedUnreservedCharacter(url: string): boolean {
  return ENCODED_UNRESERVED.test(url.split('?')[0] ?? '');
}

/**
 * An onRequest hook for the whole app: a request the router matched to a console route (`/api/admin` and below, the
 * console's session included) under a spelling with an encoded unreserved character answers as no route at all (404),
 * before any session is read. The console's rules never depend on the spelling (they come from the matched route);
 * this only keeps one spelling per route in the logs and the audit trail.
 */
export async function refuseEncodedConsolePaths(request: FastifyRequest): Promise<void> {
  const route = request.routeOptions.url;
  if (route !== undefined && isConsolePath(route) && hasEncodedUnreservedCharacter(request.url)) {
    throw notFound('error.apiPathNotFound', { method: request.method, path: request.url.split('?')[0]! });
  }
}
