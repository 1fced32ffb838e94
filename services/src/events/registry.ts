import { notificationsConsumer } from '../notifications/consumer';
import type { EventConsumer } from './consumer';
import { creatorPopularityConsumer } from './consumers/creator-popularity';
import { settlementFeedConsumer } from './consumers/settlement-feed';

/** Every consumer the runtime starts (and `drainOutbox` runs), on whichever transport is configured. */
export const EVENT_CONSUMERS: readonly EventConsumer[] = [
  creatorPopularityConsumer,
  notificationsConsumer,
  settlementFeedConsumer,
];
