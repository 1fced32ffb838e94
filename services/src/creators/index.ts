// The public surface of `creators`: creator profiles, tags, follows, popularity. Other modules import only this file.
export { creatorPopularityConsumer } from './popularity-consumer';
export { findCreatorById, tagsOfCreator } from './repository';
export { creatorRoutes } from './routes';
export { canSeeCreator } from './service';
export { type CreatorsTables } from './table';
