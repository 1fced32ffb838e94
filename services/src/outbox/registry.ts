import { notificationsConsumer } from '../notifications/consumer';
import type { EventConsumer } from './consumer';
import { creatorPopularityConsumer } from '../creators/popularity-consumer';
import { settlementFeedConsumer } from '../income/settlement-feed-consumer';

/** Every consumer the runtime starts (and `drainOutbox` runs), on whichever transport is configured. */
export const EVENT_CONSUMERS: readonly EventConsumer[] = [
  creatorPopularityConsumer,
  notificationsConsumer,
  settlementFeedConsumer,
];
