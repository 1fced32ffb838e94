// The public surface of `notifications`: notifications and their consumer. Other modules import only this file.
export { notificationsConsumer } from './consumer';
export { notificationRoutes } from './routes';
export { notificationText } from './service';
export { type NotificationsTables } from './table';
export { notifyCoinRefundPaid } from './write';
export { createNotificationMailConsumer, NOTIFICATION_MAIL_CONSUMER } from './mail-consumer';
