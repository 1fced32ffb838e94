import {
  errorResponseSchema,
  adultVerificationRequestSchema,
  adultVerificationSchema,
  identityVerificationIdSchema,
  identityVerificationStartRequestSchema,
  identityVerificationStartSchema,
  normalizeLanguage,
  sandboxIdentityFormSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../auth';
import { errorResponses, notFound, PROVIDER_PAGE_HEADERS, withQuery } from '../http';
import { identityProviderName, sandboxIdentityPath } from './providers';
import { decideSandboxIdentityVerification, findSandboxIdentityVerification } from './repository';
import { renderSandboxIdentityPage } from './sandbox-page';
import { confirmAdultVerification, startIdentityVerification } from './service';

/** A member's adult verification: start an identity check, then have the server read it back. */
export async function identityVerificationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  routes.post(
    '/users/me/identity-verifications',
    {
      schema: {
        tags,
        summary: 'Start an identity check (본인인증) to verify being an adult',
        description:
          'A new identityVerificationId for PortOne’s browser SDK (`requestIdentityVerification` with the store id ' +
          'and channel key answered), or the sandbox’s page to open (development and tests). `redirectUrl` (our own ' +
          'origin only, 400 otherwise) is where the check sends the browser back with ?identityVerificationId=…. 503 ' +
          'when no identity verification provider is configured.',
        security,
        body: identityVerificationStartRequestSchema,
        response: { 200: identityVerificationStartSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => startIdentityVerification(app.ctx, requireCaller(request), request.body, request.language),
  );

  routes.post(
    '/users/me/adult-verification',
    {
      schema: {
        tags,
        summary: 'Verify being an adult with a finished identity check',
        description:
          'The server reads the identity check from the provider (PortOne: GET /identity-verifications/{id}), never ' +
          'from the browser. VERIFIED and 19 or older on the Korea-time date: the member is an adult from now on ' +
          '(only the time and the verification id are kept; repeating answers the first verification). 409 ' +
          'IDENTITY_NOT_VERIFIED when the check is not finished; 403 UNDER_ADULT_AGE for a minor (nothing is ' +
          'recorded); 409 IDENTITY_ALREADY_USED for a check another account used.',
        security,
        body: adultVerificationRequestSchema,
        response: { 200: adultVerificationSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request) => confirmAdultVerification(app.ctx, requireCaller(request), request.body),
  );
}

const sandboxParamsSchema = z.object({ identityVerificationId: identityVerificationIdSchema });
const sandboxQuerySchema = z.object({ lang: z.string().max(10).optional() });

/**
 * The sandbox identity check, served by the API while the sandbox is the configured provider (404 otherwise, as if
 * the page did not exist): a page where the tester picks a birth date and completes or cancels the check, which
 * sends the browser back to the redirectUrl with ?identityVerificationId=… (and a code when cancelled), as PortOne's
 * redirect does. No login: like the provider's window, the unguessable id is the capability; the adult verification
 * itself still needs the member's own POST /users/me/adult-verification.
 */
export async function sandboxIdentityRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  // The page's forms post urlencoded bodies: the birth date is read from them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const requireSandbox = async (id: string) => {
    const found = await findSandboxIdentityVerification(app.ctx.db, id);
    if (!found || identityProviderName(app.config) !== 'sandbox') throw notFound();
    return found;
  };

  routes.get(
    '/identity-verification/sandbox/:identityVerificationId',
    {
      schema: {
        tags,
        summary: 'Sandbox identity check page (development and tests)',
        description: 'HTML in `lang` (ko, en, ja). 404 unless the sandbox is the identity verification provider.',
        params: sandboxParamsSchema,
        querystring: sandboxQuerySchema,
        response: { 200: z.string().describe('text/html'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const found = await requireSandbox(request.params.identityVerificationId);
      const html = renderSandboxIdentityPage({
        id: found.id,
        language: normalizeLanguage(request.query.lang),
        decided: found.status === 'READY' ? null : found.status,
        actionBase: sandboxIdentityPath(found.id),
      });
      return reply.headers(PROVIDER_PAGE_HEADERS).send(html);
    },
  );

  routes.post(
    '/identity-verification/sandbox/:identityVerificationId/verify',
    {
      config: { ignoreSessionCookie: true },
      schema: {
        tags,
        summary: 'Sandbox identity check: complete it with a birth date',
        description:
          'Records the check as VERIFIED with the `birthDate` (YYYY-MM-DD, form field) the tester chose (the first ' +
          'decision stands) and redirects (303) to its redirectUrl with ?identityVerificationId=…; an unreadable ' +
          'birth date shows the page again (400). 404 unless the sandbox is the identity verification provider.',
        params: sandboxParamsSchema,
        querystring: sandboxQuerySchema,
        response: {
          303: z.null().describe('Redirect'),
          // The page again for an unreadable birth date; a malformed path or query is the API's usual error.
          400: z.union([z.string().describe('text/html'), errorResponseSchema]),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const found = await requireSandbox(request.params.identityVerificationId);
      const form = sandboxIdentityFormSchema.safeParse(request.body);
      if (!form.success) {
        const typed = (request.body as { birthDate?: unknown } | null)?.birthDate;
        const html = renderSandboxIdentityPage({
          id: found.id,
          language: normalizeLanguage(request.query.lang),
          decided: null,
          rejectedBirthDate: typeof typed === 'string' ? typed : '',
          actionBase: sandboxIdentityPath(found.id),
        });
        return reply.code(400).headers(PROVIDER_PAGE_HEADERS).send(html);
      }
      const decision = { status: 'VERIFIED', birthDate: form.data.birthDate, name: form.data.name ?? null } as const;
      await decideSandboxIdentityVerification(app.ctx.db, found.id, decision, app.ctx.now());
      return reply.redirect(withQuery(found.redirect_url, { identityVerificationId: found.id }), 303);
    },
  );

  routes.post(
    '/identity-verification/sandbox/:identityVerificationId/cancel',
    {
      config: { ignoreSessionCookie: true },
      schema: {
        tags,
        summary: 'Sandbox identity check: cancel it',
        description:
          'Records the check as FAILED (the first decision stands) and redirects (303) to its redirectUrl with ' +
          '?identityVerificationId=…&code=IDENTITY_VERIFICATION_CANCELLED, as PortOne reports a cancelled check. ' +
          '404 unless the sandbox is the identity verification provider.',
        params: sandboxParamsSchema,
        querystring: sandboxQuerySchema,
        response: { 303: z.null().describe('Redirect'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = await requireSandbox(request.params.identityVerificationId);
      await decideSandboxIdentityVerification(app.ctx.db, found.id, { status: 'FAILED' }, app.ctx.now());
      const back = withQuery(found.redirect_url, {
        identityVerificationId: found.id,
        code: 'IDENTITY_VERIFICATION_CANCELLED',
      });
      return reply.redirect(back, 303);
    },
  );
}
