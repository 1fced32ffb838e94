// The public surface of `creators`: creator profiles, tags, follows, popularity. Other modules import only this file.
export { createPayoutAccountMailConsumer, PAYOUT_ACCOUNT_MAIL_CONSUMER } from './payout-account-mail-consumer';
export { payoutAccountAdminRoutes } from './payout-account-admin-routes';
export { changePayoutAccountAsFinance, payoutAccountApproval } from './payout-account';
export { creatorPopularityConsumer } from './popularity-consumer';
export { createReviewMailConsumer, REVIEW_MAIL_CONSUMER, type ReviewMailDependencies } from './review-mail-consumer';
export { creatorGradeApproval, updateCreatorOrRequestGradeChange } from './grade-approvals';
export { creatorBusinessApproval, requestBusinessVerification } from './business-verification';
export { SANDBOX_BUSINESS_REGISTRATIONS, businessRegistryFor } from './business-registry';
export { findCreatorById, tagsOfCreator } from './repository';
export {
  checkDuePayoutAccounts,
  checkPayoutAccount,
  queuePayoutAccountCheck,
  startPayoutAccountChecks,
} from './payout-verification';
export { identityNameHmac } from './verified-name';
export { holderLookupFor, SANDBOX_HOLDER_ACCOUNTS, sandboxHolderLookup } from './payout-holder-lookup';
export { creatorReviewAdminRoutes } from './review-admin-routes';
export { creatorRoutes } from './routes';
export { canSeeCreator } from './service';
export { type CreatorsTables } from './table';
