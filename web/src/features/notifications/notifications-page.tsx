import { notificationPath, type Notification } from '@fanmission/contracts';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDotDate } from '../../shared/format/date';
import { onNewNotification, setUnreadNotifications } from '../../shared/notifications/unread';
import { PageNumbers, TableEmptyRow, TableLoadingRow } from '../../shared/ui/list-states';
import { Page } from '../../shared/ui/page';
import {
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsSeen,
  useNotifications,
} from './api/notifications';

/**
 * Where a notification leads, by the rule its push message follows (`notificationPath` in contracts/src/push.ts): its
 * mission or its comment's mission, the coins pages, the terms' legal page; null when it has none.
 */
export function notificationTarget(
  notification: Pick<Notification, 'kind' | 'mission' | 'missionComment' | 'termsKind'>,
): string | null {
  return notificationPath({
    kind: notification.kind,
    missionId: notification.mission?.id ?? notification.missionComment?.missionId ?? null,
    ...(notification.termsKind && { termsKind: notification.termsKind }),
  });
}

/** The other party's profile picture (thumbnail first), or null for the placeholder. */
export function notificationPicture(notification: Pick<Notification, 'thumbnail' | 'image'>): string | null {
  return notification.thumbnail ?? notification.image?.thumbnail?.s3Url ?? notification.image?.s3Url ?? null;
}

/**
 * `/notifications`: thumbnail 15 %, content 65 %, created 20 %; paging only above one page. Opening it marks what it
 * shows seen (the header's count drops); a notification that arrives meanwhile appears without a reload. Unread rows
 * stand out until opened or "mark all as read". A row that groups comments or replies ("3 new replies") carries their
 * count on its picture.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const list = useNotifications(page);
  const rows = list.data?.content ?? [];
  const totalPages = list.data?.totalPages ?? 0;
  const newestShown = rows.reduce((newest, row) => Math.max(newest, row.id), 0);
  const anyUnread = rows.some((row) => !row.read);

  useEffect(() => {
    if (newestShown === 0) return;
    void markNotificationsSeen(newestShown).then(setUnreadNotifications, () => undefined);
  }, [newestShown]);
  // A screen reader hears that one arrived; the list reloads to show it.
  const [announcement, setAnnouncement] = useState('');
  useEffect(
    () =>
      onNewNotification(() => {
        setAnnouncement(t('notifications.newArrived'));
        void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      }),
    [queryClient, t],
  );
  const open = (id: number, target: string | null, read: boolean) => {
    if (!read) void markNotificationRead(id).then(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }));
    if (target) void navigate(target);
  };
  const markAllRead = () =>
    void markAllNotificationsRead(newestShown).then((unread) => {
      setUnreadNotifications(unread);
      return queryClient.invalidateQueries({ queryKey: ['notifications'] });
    });

  return (
    <Page title={t('notifications.title')} width="md">
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
      {anyUnread ? (
        <Stack direction="row" sx={{ mb: 1, justifyContent: 'flex-end' }}>
          <Button size="small" onClick={markAllRead}>
            {t('notifications.markAllRead')}
          </Button>
        </Stack>
      ) : null}
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Table sx={{ tableLayout: 'fixed' }} aria-label={t('notifications.title')}>
          <TableHead>
            <TableRow>
              {/* On a phone the shares of a 328 px table were narrower than the picture and the date (both clipped
                  by the rounded box) and broke the header's word: fixed widths there, the text takes the rest. */}
              <TableCell sx={{ width: { xs: 84, sm: '15%' }, fontWeight: 700 }}>
                {t('notifications.thumbnail')}
              </TableCell>
              <TableCell sx={{ width: { xs: 'auto', sm: '65%' }, fontWeight: 700 }}>
                {t('notifications.content')}
              </TableCell>
              <TableCell sx={{ width: { xs: 92, sm: '20%' }, fontWeight: 700 }}>{t('notifications.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.isPending ? (
              <TableLoadingRow columns={3} />
            ) : rows.length === 0 ? (
              <TableEmptyRow
                columns={3}
                message={t('discover.empty.notifications')}
                action={{ label: t('discover.actions.findCreators'), to: '/creator-search' }}
              />
            ) : (
              rows.map((row) => {
                const target = notificationTarget(row);
                const picture = notificationPicture(row);
                return (
                  <TableRow
                    key={row.id}
                    hover={target !== null}
                    onClick={target || !row.read ? () => open(row.id, target, row.read) : undefined}
                    data-read={row.read}
                    sx={{
                      cursor: target ? 'pointer' : 'default',
                      ...(!row.read && {
                        bgcolor: '#fdf1f5',
                        '& td:first-of-type': { boxShadow: 'inset 4px 0 #d6245a' },
                      }),
                    }}
                  >
                    <TableCell>
                      <Badge
                        badgeContent={row.count}
                        invisible={row.count === undefined}
                        color="primary"
                        max={99}
                        overlap="circular"
                        data-count={row.count}
                        slotProps={{
                          badge: {
                            'aria-hidden': false,
                            'aria-label': t('notifications.grouped', { count: row.count ?? 1 }),
                            role: 'img',
                          },
                        }}
                      >
                        <Avatar
                          src={picture ?? undefined}
                          alt={picture ? '' : t('notifications.placeholder')}
                          sx={{ width: 50, height: 50, bgcolor: '#f1e6ea', color: '#b57a8c' }}
                        >
                          <NotificationsNoneOutlined />
                        </Avatar>
                      </Badge>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: row.read ? 400 : 700 }}>
                      {row.read ? null : <span className="visually-hidden">{t('notifications.unread')}: </span>}
                      {row.content}
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {formatDotDate(row.created)}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </Paper>
      <PageNumbers total={totalPages} page={page} onChange={setPage} />
    </Page>
  );
}
