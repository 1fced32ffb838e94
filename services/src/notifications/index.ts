// The public surface of `notifications`: notifications and their consumer. Other modules import only this file.
export { createNotificationsConsumer, notificationConsumer, notificationsConsumer } from './consumer';
export { notificationRoutes } from './routes';
export { noticeText, notificationText, notificationTextParams } from './service';
export { type NotificationsTables } from './table';
export { type MemberNoticeLimits, type NotificationDraft, notifyCoinRefundPaid, reachesSomeone } from './write';
export {
  createNotificationMailConsumer,
  DEFAULT_NOTICE_MAIL_LIMITS,
  NOTIFICATION_MAIL_CONSUMER,
  type NoticeMailLimits,
  sendHeldNoticeMails,
} from './mail-consumer';
