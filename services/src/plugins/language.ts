import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, type Language } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language from Accept-Language (ko default, en, ja; jp is ja). */
    language: Language;
  }
}

export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']);
  });
}
