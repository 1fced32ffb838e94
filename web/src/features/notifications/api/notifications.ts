import { PAGE_SIZES, type Notification, type Page } from '@fanmission/contracts';
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
