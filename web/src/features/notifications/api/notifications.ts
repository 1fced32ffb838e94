import { PAGE_SIZES, type Notification, type Page, type UnreadNotifications } from '@fanmission/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** `GET /users/me/notifications/page` */
export async function fetchNotifications(page: number): Promise<Page<Notification>> {
  return (
    await api<Page<Notification>>('/users/me/notifications/page', { query: { page, size: PAGE_SIZES.notifications } })
  ).data;
}

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.notifications(page),
    placeholderData: keepPreviousData,
    queryFn: () => fetchNotifications(page),
  });

export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page));
}

/** `POST /users/me/notifications/seen`: the count drops by what the page showed (up to `upTo`). */
export async function markNotificationsSeen(upTo: number): Promise<UnreadNotifications> {
  return (
    await api<UnreadNotifications>('/users/me/notifications/seen', {
      method: 'POST',
      body: { upTo },
      globalErrors: 'none',
    })
  ).data;
}

/** `POST /users/me/notifications/read-all`: every notification up to `upTo` is read. */
export async function markAllNotificationsRead(upTo: number): Promise<UnreadNotifications> {
  return (await api<UnreadNotifications>('/users/me/notifications/read-all', { method: 'POST', body: { upTo } })).data;
}

/** `POST /users/me/notifications/{id}/read`: the member opened it. */
export async function markNotificationRead(id: number): Promise<void> {
  await api(`/users/me/notifications/${id}/read`, { method: 'POST', globalErrors: 'none' });
}
