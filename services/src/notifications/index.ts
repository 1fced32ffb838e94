// The public surface of `notifications`: notifications and their consumer. Other modules import only this file.
export { notificationConsumer, notificationsConsumer } from './consumer';
export { notificationRoutes } from './routes';
export { notificationText, notificationTextParams } from './service';
export { type NotificationsTables } from './table';
export { type NotificationDraft, notifyCoinRefundPaid, reachesSomeone } from './write';
export { createNotificationMailConsumer, NOTIFICATION_MAIL_CONSUMER } from './mail-consumer';
