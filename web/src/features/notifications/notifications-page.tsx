import { PAGE_SIZES, PAGINATION_DISPLAY, type Notification, type Page as ApiPage } from '@fanmission/contracts';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { formatDotDate } from '../../shared/format/date';
import { Page } from '../../shared/ui/page';

/** Where a notification leads: its mission, or the mission of its comment; null when it has neither. */
export function notificationTarget(notification: Pick<Notification, 'mission' | 'missionComment'>): string | null {
  const missionId = notification.mission?.id ?? notification.missionComment?.missionId;
  return missionId === undefined ? null : `/mission-detail/${missionId}`;
}

/** The other party's profile picture (thumbnail first), or null for the placeholder. */
export function notificationPicture(notification: Pick<Notification, 'thumbnail' | 'image'>): string | null {
  return notification.thumbnail ?? notification.image?.thumbnail?.s3Url ?? notification.image?.s3Url ?? null;
}

/** `/notifications` (spec 01 §2): thumbnail 15 %, content 65 %, created 20 %; paging only above one page. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['notifications', page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await api<ApiPage<Notification>>('/users/me/notifications/page', {
          query: { page, size: PAGE_SIZES.notifications },
        })
      ).data,
  });
  const rows = list.data?.content ?? [];
  const totalPages = list.data?.totalPages ?? 0;

  return (
    <Page title={t('notifications.title')} width="md">
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Table sx={{ tableLayout: 'fixed' }} aria-label={t('notifications.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '15%', fontWeight: 700 }}>{t('notifications.thumbnail')}</TableCell>
              <TableCell sx={{ width: '65%', fontWeight: 700 }}>{t('notifications.content')}</TableCell>
              <TableCell sx={{ width: '20%', fontWeight: 700 }}>{t('notifications.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.isPending ? (
              <TableRow>
                <TableCell colSpan={3} align="center" sx={{ py: 6 }}>
                  <CircularProgress aria-label={t('common.loading')} />
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} align="center" sx={{ py: 8 }}>
                  <Typography color="text.secondary">{t('notifications.empty')}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const target = notificationTarget(row);
                const picture = notificationPicture(row);
                return (
                  <TableRow
                    key={row.id}
                    hover={target !== null}
                    onClick={target ? () => void navigate(target) : undefined}
                    sx={{ cursor: target ? 'pointer' : 'default' }}
                  >
                    <TableCell>
                      <Avatar
                        src={picture ?? undefined}
                        alt={picture ? '' : t('notifications.placeholder')}
                        sx={{ width: 50, height: 50, bgcolor: '#f1e6ea', color: '#b57a8c' }}
                      >
                        <NotificationsNoneOutlined />
                      </Avatar>
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{row.content}</TableCell>
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
      {totalPages > 1 ? (
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}>
          <Pagination
            count={totalPages}
            page={page + 1}
            siblingCount={Math.floor(PAGINATION_DISPLAY.pageRange / 2)}
            boundaryCount={PAGINATION_DISPLAY.marginPages}
            onChange={(_, value) => setPage(value - 1)}
          />
        </Box>
      ) : null}
    </Page>
  );
}
