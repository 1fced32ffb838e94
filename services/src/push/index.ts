// The public surface of `push`: web push subscriptions, the member's channels per topic, the messages written with a
// notification and their sender. Other modules import only this file.
export { enqueuePushDeliveries } from './deliveries';
export { endpointRefusal } from './endpoint-policy';
export { marketingSendableAt } from './preferences';
export { pushRoutes } from './routes';
export {
  drainPushDeliveries,
  type NotificationTextRenderer,
  PUSH_MAX_ATTEMPTS,
  PUSH_RETRY_DELAYS_MS,
  pushTopicOf,
  startPushSender,
} from './sender';
export { MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER, removeMemberSubscriptions } from './subscriptions';
export { type PushTables } from './table';
export { generateVapidKeys, keptVapidKeys, type VapidKeys } from './vapid-keys';
