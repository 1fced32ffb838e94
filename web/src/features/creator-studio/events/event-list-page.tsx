import type { EventStatus } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session';
import { myCreatorQueryKey } from '../my-creator';
import { Layout } from '../missions/mission-management-page';
import { isEnded, myEventsQueryKey, refusalOf, useMyEvents, type EventProduct } from './api';
import { RowOpenButton } from '../../../shared/ui/row-open-button';
import { EmptyState } from '../../../shared/ui/list-states';
import { EventDialog } from './event-dialog';
import { monthDay } from '../../../shared/lottery-event/event-status';

const PAGE_SIZE = 12;

/** The navigation state `/mission-management/lottery-event/{id}` needs. */
export interface EventDetailState {
  status: EventStatus;
  event: EventProduct;
}

const STATUS_COLOURS: Record<EventStatus, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error'> = {
  CREATED: 'default',
  APPLYING: 'primary',
  DRAWING: 'warning',
  DRAWN: 'success',
  CLOSED: 'default',
  CANCELED: 'error',
};

export function EventStatusChip({ status }: { status: EventStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[status]}
      label={t(`eventManagement.status.${status}`)}
      data-testid="event-status"
    />
  );
}

/** Asks before cancelling; answers the cancelled product id (it must match). */
export function CancelEventDialog({
  product,
  onClose,
  onCanceled,
}: {
  product: EventProduct;
  onClose: () => void;
  onCanceled: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const { data } = await api<{ id: number }>(`/mission-products/${product.id}/cancel-event`, { method: 'PUT' });
      if (data.id !== product.id) throw new Error(t('eventManagement.perform.noId'));
      await showAlert(t('eventManagement.detail.canceled'));
      onCanceled();
    } catch (error) {
      setBusy(false);
      void showAlert(t('eventManagement.detail.cancelFailed', { reason: refusalOf(error).message }));
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogContent>
        <Typography>{t('eventManagement.detail.cancelConfirm')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('eventManagement.detail.close')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void cancel()}>
          {t('eventManagement.detail.cancelEvent')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The row's modal: the event's facts and the action of its status; an event whose applications have not opened yet
 * (CREATED) can be edited, no other (the server refuses it: services/src/events/event-products.ts).
 */
function EventDetailModal({
  product,
  onClose,
  onChanged,
  onEdit,
}: {
  product: EventProduct;
  onClose: () => void;
  onChanged: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [canceling, setCanceling] = useState(false);
  const { event } = product;
  const open = () => {
    const state: EventDetailState = { status: event.status, event: product };
    void navigate(`/mission-management/lottery-event/${product.id}`, { state });
  };
  const action =
    event.status === 'APPLYING'
      ? 'viewApplicants'
      : event.status === 'DRAWING'
        ? 'doDraw'
        : event.status === 'DRAWN' || event.status === 'CLOSED'
          ? 'viewWinners'
          : null;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="event-detail-title">
      <DialogTitle id="event-detail-title" sx={{ fontWeight: 800 }}>
        {event.title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Box>
            <EventStatusChip status={event.status} />
          </Box>
          {product.descriptionPicture ? (
            <img
              src={product.descriptionPicture.s3Url}
              alt=""
              style={{ width: '100%', maxHeight: 200, objectFit: 'cover', borderRadius: 8 }}
            />
          ) : null}
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {event.description}
          </Typography>
          <Typography variant="body2">
            {t('eventManagement.detail.period', { start: monthDay(event.applyStart), end: monthDay(event.applyEnd) })}
          </Typography>
          <Typography variant="body2">
            {t('eventManagement.detail.eventEnd', { date: monthDay(event.eventEnd) })}
          </Typography>
          <Typography variant="body2">
            {t('eventManagement.detail.counts', { draw: event.drawNumber, apply: event.applyNumber })}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {event.status !== 'CLOSED' && event.status !== 'CANCELED' ? (
          <Button color="error" onClick={() => setCanceling(true)}>
            {t('eventManagement.detail.cancelEvent')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('eventManagement.detail.close')}</Button>
        {event.status === 'CREATED' ? (
          <Button variant="contained" onClick={onEdit}>
            {t('eventManagement.editDialog.edit')}
          </Button>
        ) : null}
        {action ? (
          <Button variant="contained" onClick={open}>
            {t(`eventManagement.detail.${action}`)}
          </Button>
        ) : null}
      </DialogActions>
      {canceling ? (
        <CancelEventDialog
          product={product}
          onClose={() => setCanceling(false)}
          onCanceled={() => {
            setCanceling(false);
            onChanged();
            onClose();
          }}
        />
      ) : null}
    </Dialog>
  );
}

/**
 * `/mission-management/lottery-event`: the creator's events, ongoing or ended, 12 a page, the register dialog and the
 * edit dialog. `?edit` (the newbie dashboard's "Edit") opens the ongoing event: its edit form while its applications
 * have not opened, else its details.
 */
export function LotteryEventListPage() {
  const { t } = useTranslation();
  const { creatorId } = useSession();
  const queryClient = useQueryClient();
  const events = useMyEvents();
  const [params, setParams] = useSearchParams();
  const [ended, setEnded] = useState(false);
  const [page, setPage] = useState(0);
  const [registering, setRegistering] = useState(false);
  const [open, setOpen] = useState<EventProduct | null>(null);
  const [editing, setEditing] = useState<EventProduct | null>(null);
  const editAsked = params.has('edit');
  useEffect(() => {
    if (!editAsked || !events.data) return;
    const ongoing = events.data.find((product) => !isEnded(product.event.status));
    if (ongoing?.event.status === 'CREATED') setEditing(ongoing);
    else if (ongoing) setOpen(ongoing);
    setParams({}, { replace: true });
  }, [editAsked, events.data, setParams]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: myEventsQueryKey(creatorId) });
    await queryClient.invalidateQueries({ queryKey: myCreatorQueryKey });
  };
  const shown = (events.data ?? []).filter((product) => isEnded(product.event.status) === ended);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const rows = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <Layout>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
            {t('eventManagement.title')}
          </Typography>
          <Button variant="contained" onClick={() => setRegistering(true)} disabled={creatorId === null}>
            {t('eventManagement.list.register')}
          </Button>
        </Stack>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={ended ? 'ended' : 'ongoing'}
          onChange={(_, value: 'ongoing' | 'ended' | null) => {
            if (value) {
              setEnded(value === 'ended');
              setPage(0);
            }
          }}
        >
          <ToggleButton value="ongoing">{t('eventManagement.list.ongoing')}</ToggleButton>
          <ToggleButton value="ended">{t('eventManagement.list.ended')}</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('eventManagement.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('eventManagement.list.number')}</TableCell>
                <TableCell>{t('eventManagement.list.eventTitle')}</TableCell>
                <TableCell align="right">{t('eventManagement.list.drawNumber')}</TableCell>
                <TableCell align="right">{t('eventManagement.list.applyNumber')}</TableCell>
                <TableCell>{t('eventManagement.list.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((product, index) => (
                <TableRow
                  key={product.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => setOpen(product)}
                  data-testid="event-row"
                >
                  <TableCell>{page * PAGE_SIZE + index + 1}</TableCell>
                  <TableCell>
                    <RowOpenButton onOpen={() => setOpen(product)}>{product.event.title}</RowOpenButton>
                  </TableCell>
                  <TableCell align="right">{product.event.drawNumber}</TableCell>
                  <TableCell align="right">{product.event.applyNumber}</TableCell>
                  <TableCell>
                    <EventStatusChip status={product.event.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {events.isSuccess && rows.length === 0 ? (
          <EmptyState
            py={4}
            // Said of the tab shown: a creator with ongoing events has no ended one yet, and the other way round.
            message={
              (events.data ?? []).length === 0
                ? t('discover.empty.managementEvents')
                : t(ended ? 'eventManagement.list.noEnded' : 'eventManagement.list.noOngoing')
            }
            action={
              creatorId === null || ended
                ? undefined
                : { label: t('discover.actions.registerEvent'), onClick: () => setRegistering(true) }
            }
          />
        ) : null}
        {pages > 1 ? <Pagination count={pages} page={page + 1} onChange={(_, value) => setPage(value - 1)} /> : null}
      </Stack>
      {registering && creatorId !== null ? (
        <EventDialog
          creatorId={creatorId}
          onClose={() => setRegistering(false)}
          onSaved={() => {
            setRegistering(false);
            setEnded(false);
            setPage(0);
            void refresh();
          }}
        />
      ) : null}
      {open ? (
        <EventDetailModal
          product={open}
          onClose={() => setOpen(null)}
          onChanged={() => void refresh()}
          onEdit={() => {
            setEditing(open);
            setOpen(null);
          }}
        />
      ) : null}
      {editing && creatorId !== null ? (
        <EventDialog
          creatorId={creatorId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </Layout>
  );
}
