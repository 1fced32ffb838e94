import {
  termsAcceptanceRequestSchema,
  termsConsentSchema,
  termsKindParamsSchema,
  termsPageSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as terms from './service';

/** The terms' public pages and the member's consent to the versions in force. */
export async function termsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['terms'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/terms/:kind',
    {
      schema: {
        tags,
        summary: 'The version of a legal document in force, and the next one announced',
        description:
          '`terms` (service terms), `privacy` (privacy policy) or `operating` (operating policy), texts in the ' +
          'caller’s language; `next` is the version announced to take effect later, with its summary and date. Public.',
        params: termsKindParamsSchema,
        response: { 200: termsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => terms.termsPage(app.ctx, request.params.kind, request.language),
  );

  routes.get(
    '/users/me/terms-consent',
    {
      schema: {
        tags,
        summary: 'The versions in force the member has still to accept',
        description:
          'Versions of the service terms and the privacy policy that took effect after the member joined and that he ' +
          'has not accepted. While one is pending, every change of the member API answers 403 `TERMS_NOT_ACCEPTED` ' +
          'except accepting, deleting the account and getting coins back.',
        security,
        response: { 200: termsConsentSchema, ...errorResponses(401) },
      },
    },
    async (request) => terms.pendingConsent(app.ctx, requireCaller(request).id, request.language),
  );

  routes.post(
    '/users/me/terms-acceptances',
    {
      config: { allowedBeforeTermsAcceptance: true },
      schema: {
        tags,
        summary: 'Accept versions of the terms in force',
        description:
          'Records the acceptance (member, version, time) of each version; an id that is not a version in force of the ' +
          'service terms or the privacy policy answers 400 naming `versionIds`. Answers what is still pending.',
        security,
        body: termsAcceptanceRequestSchema,
        response: { 200: termsConsentSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => terms.acceptTerms(app.ctx, requireCaller(request).id, request.body.versionIds, request.language),
  );
}
