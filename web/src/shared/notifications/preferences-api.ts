import type { NotificationPreferences, NotificationPreferencesUpdate } from '@fanmission/contracts';
import { api } from '../api/client';

/** `GET /users/me/notification-preferences`. */
export async function fetchNotificationPreferences(): Promise<NotificationPreferences> {
  return (await api<NotificationPreferences>('/users/me/notification-preferences')).data;
}

/** `PUT /users/me/notification-preferences`: answers the choices as stored. */
export async function saveNotificationPreferences(
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  return (await api<NotificationPreferences>('/users/me/notification-preferences', { method: 'PUT', body: update }))
    .data;
}
