// The public surface of `income`: creator income feeds. Other modules import only this file.
export { settlementFeedConsumer } from './settlement-feed-consumer';
