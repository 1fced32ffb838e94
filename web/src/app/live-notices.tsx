import { notificationPath, type Notification, type NotificationKind } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { queryKeys } from '../shared/api/query-keys';
import { onNewNotification } from '../shared/notifications/unread';

/** Notices after which the member's coins changed: a charge, a grant, a refund's steps, a request's coins returned. */
const COIN_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'COINS_DEPOSITED',
  'BONUS_COINS_RECEIVED',
  'COIN_REFUND_REQUESTED',
  'COIN_REFUND_PAID',
  'COIN_REFUND_REFUSED',
  'CHARGE_WITHDRAWN',
  'MISSION_REFUSED',
  'MISSION_DECISION_EXPIRED',
  'MISSION_PERFORM_EXPIRED',
  'MISSION_CANCELED',
  'EVENT_CANCELED',
  'EVENT_PRIZE_EXPIRED',
]);

/**
 * While a member is logged in, each notification the live stream brings (shared/notifications/unread.ts) updates the
 * page in front of him: the mission it is about is asked for again (an open mission page shows its new state), his
 * coins after a coin notice (balance and history), and a toast tells it with a link to see it. The notifications page
 * shows new rows itself: no toast there.
 */
export function LiveNotices() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [notice, setNotice] = useState<Notification | null>(null);
  const onNotifications = pathname === '/notifications';

  useEffect(
    () =>
      onNewNotification((notification) => {
        const missionId = notification.mission?.id ?? notification.missionComment?.missionId;
        if (missionId !== undefined) {
          void queryClient.invalidateQueries({ queryKey: ['mission', String(missionId)] });
        }
        if (COIN_KINDS.has(notification.kind)) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.coinBalance });
          void queryClient.invalidateQueries({ queryKey: queryKeys.coinHistory.all });
        }
        setNotice(notification);
      }),
    [queryClient],
  );

  const target = notice
    ? notificationPath({
        kind: notice.kind,
        missionId: notice.mission?.id ?? notice.missionComment?.missionId ?? null,
        ...(notice.termsKind && { termsKind: notice.termsKind }),
      })
    : null;
  const close = () => setNotice(null);
  return (
    <Snackbar
      open={notice !== null && !onNotifications}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      autoHideDuration={8000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      message={notice?.content}
      action={
        <>
          <Button component={Link} to={target ?? '/notifications'} onClick={close} color="inherit" size="small">
            {t('liveNotice.view')}
          </Button>
          <Button onClick={close} color="inherit" size="small">
            {t('liveNotice.close')}
          </Button>
        </>
      }
    />
  );
}
