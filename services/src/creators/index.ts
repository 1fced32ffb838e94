// The public surface of `creators`: creator profiles, tags, follows, popularity. Other modules import only this file.
export { creatorPopularityConsumer } from './popularity-consumer';
export { createReviewMailConsumer, REVIEW_MAIL_CONSUMER, type ReviewMailDependencies } from './review-mail-consumer';
export { findCreatorById, tagsOfCreator } from './repository';
export { creatorReviewAdminRoutes } from './review-admin-routes';
export { creatorRoutes } from './routes';
export { canSeeCreator } from './service';
export { type CreatorsTables } from './table';
