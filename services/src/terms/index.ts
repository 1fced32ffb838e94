// The public surface of `terms`: the versions of the legal documents, their notice and the members' acceptance.
// Other modules import only this file.
export { termsVersionAdminRoutes } from './admin-routes';
export { requireAcceptedTerms } from './consent-guard';
export { sendTermsNotices, startTermsNoticeSender } from './notice';
export { hasPendingTerms } from './repository';
export { termsRoutes } from './routes';
export { recordSignUpAcceptance } from './service';
export type { TermsTables } from './table';
