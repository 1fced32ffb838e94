// The public surface of `http`: errors, responses, pagination and validation shared by every route. Other modules
// import only this file.
export { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-errors';
export { answerFrameworkError, declareFrameworkAnswers, installErrorHandler } from './error-handler';
export { accessDenied, AppError, conflict, type FieldProblem, invalidFields, notFound, unauthorized } from './errors';
export { pageOffset, toPage } from '@fanmission/contracts';
export { errorResponses } from './responses';
export { onOffRoutes } from './on-off-routes';
export { LONE_SURROGATE, zodValidatorCompiler } from './validation';
export { requestLogSerializers } from './log-redaction';
export { warnOfUntrustedProxy } from './untrusted-proxy';
export { BriefCache, briefCachesBy } from './brief-cache';
export { escapeHtml, PROVIDER_PAGE_HEADERS, providerPage, withQuery } from './provider-page';
