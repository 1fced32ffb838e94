import { creatorPopularityConsumer } from '../creators';
import { settlementFeedConsumer } from '../income';
import { notificationsConsumer } from '../notifications';
import type { EventConsumer } from '../outbox';
import { creatorReliabilityConsumer } from '../trust';

/**
 * Every consumer the runtime starts (and `drainOutbox` runs), on whichever transport is configured. The outbox is
 * infrastructure and knows no domain module: this composition root hands it the list.
 */
export const EVENT_CONSUMERS: readonly EventConsumer[] = [
  creatorPopularityConsumer,
  notificationsConsumer,
  settlementFeedConsumer,
  creatorReliabilityConsumer,
];
