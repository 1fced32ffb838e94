import type { EventApplicant } from '@fanmission/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { formatDotDate } from '../../../shared/format/date';
import { Layout } from '../missions/mission-management-page';
import { eventQueryKey, refusalOf, useApplicants, useEventProduct, type EventProduct } from './api';
import { EventPerformDialog } from './event-perform-dialog';
import { CancelEventDialog, EventStatusChip, type EventDetailState } from './event-list-page';

const PAGE_SIZE = 5;

function ReadMark({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: read ? 'text.secondary' : 'primary.main', fontWeight: read ? 400 : 700 }}
    >
      {t(read ? 'eventManagement.applicants.readMark' : 'eventManagement.applicants.unreadMark')}
    </Typography>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
      data-testid="event-facts"
    >
      {children}
    </Stack>
  );
}

/** One application with the private fields only the creator sees; reading it marks it read. */
function ApplicantDialog({
  productId,
  missionId,
  preloaded,
  drawing,
  onClose,
  onPick,
}: {
  productId: number;
  missionId: number;
  preloaded?: EventApplicant;
  drawing: boolean;
  onClose: () => void;
  onPick: (applicant: EventApplicant, pick: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const applicant = useQuery({
    queryKey: ['mission-products', 'event', productId, 'applicant', missionId],
    queryFn: async () => {
      const { data } =
        preloaded !== undefined
          ? { data: preloaded }
          : await api<EventApplicant>(`/mission-products/${productId}/missions/${missionId}`);
      // The list's read marks change with this read.
      void queryClient.invalidateQueries({ queryKey: ['mission-products', 'event', productId, 'applicants'] });
      return data;
    },
  });
  const data = applicant.data;
  const row = (label: string, value: string | null | undefined) => (
    <Typography variant="body2">
      <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
        {label}
      </Box>
      {value || t('eventManagement.applicants.none')}
    </Typography>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="applicant-title">
      <DialogTitle id="applicant-title" sx={{ fontWeight: 800 }}>
        {t('eventManagement.applicants.detail')}
      </DialogTitle>
      <DialogContent>
        {data ? (
          <Stack spacing={1} data-testid="applicant-detail">
            {row(t('eventManagement.applicants.nickname'), data.user.username)}
            {row(t('eventManagement.applicants.realName'), data.event.name)}
            {row(t('eventManagement.applicants.phone'), data.event.phone)}
            {row(t('eventManagement.applicants.address'), data.event.address)}
            {row(t('eventManagement.applicants.addressDetail'), data.event.addressDetail)}
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t('eventManagement.applicants.story')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>
              {data.requestComment || t('eventManagement.applicants.none')}
            </Typography>
            {data.requestFile ? (
              <img
                src={data.requestFile.s3Url}
                alt={t('eventManagement.applicants.attachment')}
                style={{ maxWidth: '100%', borderRadius: 8 }}
              />
            ) : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('eventManagement.detail.close')}</Button>
        {drawing && data ? (
          <Button variant="contained" onClick={() => onPick(data, !data.event.temporaryAccepted)}>
            {t(data.event.temporaryAccepted ? 'eventManagement.draw.unpick' : 'eventManagement.draw.pick')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** The applicants table of each view, 5 a page. */
function ApplicantTable({
  product,
  columns,
  onOpen,
  cell,
}: {
  product: EventProduct;
  columns: string[];
  onOpen: (applicant: EventApplicant) => void;
  cell: (applicant: EventApplicant, column: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const applicants = useApplicants(product.id, product.event.status, page);
  const content = applicants.data?.content ?? [];
  const empty = product.event.status === 'DRAWN' || product.event.status === 'CLOSED' ? 'winners' : 'applicants';
  return (
    <Stack spacing={2}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{t(column)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {content.map((applicant, index) => (
              <TableRow
                key={applicant.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => onOpen(applicant)}
                data-testid="applicant-row"
                data-mission-id={applicant.id}
              >
                {columns.map((column) => (
                  <TableCell key={column}>
                    {column === 'eventManagement.applicants.number'
                      ? page * PAGE_SIZE + index + 1
                      : cell(applicant, column)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {applicants.isSuccess && content.length === 0 ? (
        <Typography color="text.secondary">{t(`eventManagement.${empty}.empty`)}</Typography>
      ) : null}
      {(applicants.data?.totalPages ?? 0) > 1 ? (
        <Pagination
          count={applicants.data?.totalPages ?? 1}
          page={page + 1}
          onChange={(_, value) => setPage(value - 1)}
        />
      ) : null}
    </Stack>
  );
}

const story = (applicant: EventApplicant) => (
  <Typography
    variant="body2"
    sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
  >
    {applicant.requestComment ?? ''}
  </Typography>
);

/** APPLYING: who applied so far. */
function ApplicantsView({ product }: { product: EventProduct }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const { event } = product;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {t('eventManagement.applicants.title')}
      </Typography>
      <Facts>
        <Typography>{t('eventManagement.applicants.drawNumber', { count: event.drawNumber })}</Typography>
        <Typography>{t('eventManagement.applicants.applyNumber', { count: event.applyNumber })}</Typography>
        <Typography>{t('eventManagement.applicants.applyEnd', { date: event.applyEnd })}</Typography>
      </Facts>
      <ApplicantTable
        product={product}
        columns={[
          'eventManagement.applicants.number',
          'eventManagement.applicants.story',
          'eventManagement.applicants.nickname',
          'eventManagement.applicants.read',
        ]}
        onOpen={(applicant) => setOpen(applicant.id)}
        cell={(applicant, column) =>
          column === 'eventManagement.applicants.story' ? (
            story(applicant)
          ) : column === 'eventManagement.applicants.nickname' ? (
            applicant.user.username
          ) : (
            <ReadMark read={applicant.event.read} />
          )
        }
      />
      {open !== null ? (
        <ApplicantDialog
          productId={product.id}
          missionId={open}
          drawing={false}
          onClose={() => setOpen(null)}
          onPick={() => undefined}
        />
      ) : null}
    </Stack>
  );
}

/** DRAWING: pick and unpick, view one at random, random-pick the rest, finish when drawable. */
function DrawView({ product }: { product: EventProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ missionId: number; preloaded?: EventApplicant } | null>(null);
  const [busy, setBusy] = useState(false);
  const { event } = product;
  const base = `/mission-products/${product.id}`;
  const reload = () => queryClient.invalidateQueries({ queryKey: ['mission-products', 'event', product.id] });

  const pick = async (applicant: EventApplicant, picked: boolean) => {
    setBusy(true);
    try {
      await api(`${base}/missions/${applicant.id}/pick`, { method: picked ? 'PUT' : 'DELETE' });
      setOpen(null);
      await reload();
    } catch (error) {
      if (refusalOf(error).code === 'DRAW_COUNT_EXCEEDED') {
        void showAlert(t('eventManagement.draw.exceeded'));
      } else {
        setOpen(null);
        void showAlert(t('eventManagement.draw.changeFailed'));
      }
    } finally {
      setBusy(false);
    }
  };
  const viewOne = async () => {
    try {
      const { data } = await api<EventApplicant>(`${base}/missions/random`);
      setOpen({ missionId: data.id, preloaded: data });
    } catch (error) {
      void showAlert(
        refusalOf(error).code === 'DRAW_ALL_DONE'
          ? t('eventManagement.draw.allDone')
          : t('eventManagement.draw.changeFailed'),
      );
    }
  };
  const randomPick = async () => {
    setBusy(true);
    try {
      await api(`${base}/missions/random-pick`, { method: 'PUT' });
      await showAlert(t('eventManagement.draw.randomDone'));
      await reload();
    } catch (error) {
      void showAlert(refusalOf(error).message);
    } finally {
      setBusy(false);
    }
  };
  const finish = async () => {
    setBusy(true);
    try {
      await api(`${base}/draw-event`, { method: 'PUT' });
      await showAlert(t('eventManagement.draw.confirmed'));
      await queryClient.invalidateQueries({ queryKey: ['mission-products'] });
      void navigate('/mission-management/lottery-event');
    } catch (error) {
      setBusy(false);
      void showAlert(refusalOf(error).message);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {t('eventManagement.draw.title')}
      </Typography>
      <Facts>
        <Typography sx={{ fontWeight: 700 }} data-testid="picked-count">
          {t('eventManagement.draw.picked', { picked: event.pickedNumber, draw: event.drawNumber })}
        </Typography>
        <Typography>{t('eventManagement.applicants.applyNumber', { count: event.applyNumber })}</Typography>
      </Facts>
      <Typography variant="body2" color="text.secondary">
        {t('eventManagement.draw.deadline', { date: formatDotDate(event.drawDeadlineAt) })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => void randomPick()}>
          {t('eventManagement.draw.randomPick')}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => void viewOne()}>
          {t('eventManagement.draw.viewOne')}
        </Button>
        <Button variant="contained" disabled={busy || !event.drawable} onClick={() => void finish()}>
          {t('eventManagement.draw.finish')}
        </Button>
      </Stack>
      <ApplicantTable
        product={product}
        columns={[
          'eventManagement.applicants.number',
          'eventManagement.applicants.nickname',
          'eventManagement.applicants.read',
          'eventManagement.draw.pickMark',
        ]}
        onOpen={(applicant) => setOpen({ missionId: applicant.id })}
        cell={(applicant, column) =>
          column === 'eventManagement.applicants.nickname' ? (
            applicant.user.username
          ) : column === 'eventManagement.applicants.read' ? (
            <ReadMark read={applicant.event.read} />
          ) : (
            <Checkbox
              checked={applicant.event.temporaryAccepted}
              disabled={busy}
              slotProps={{
                input: { 'aria-label': `${t('eventManagement.draw.pickMark')} ${applicant.user.username}` },
              }}
              onClick={(clicked) => clicked.stopPropagation()}
              onChange={(_, checked) => void pick(applicant, checked)}
            />
          )
        }
      />
      {open ? (
        <ApplicantDialog
          key={open.missionId}
          productId={product.id}
          missionId={open.missionId}
          {...(open.preloaded && { preloaded: open.preloaded })}
          drawing
          onClose={() => setOpen(null)}
          onPick={(applicant, picked) => void pick(applicant, picked)}
        />
      ) : null}
    </Stack>
  );
}

/** DRAWN and CLOSED: the winners and whether each prize is registered; a winner's row opens the perform modal. */
function WinnersView({ product }: { product: EventProduct }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<EventApplicant | null>(null);
  const { event } = product;
  const winners = useApplicants(product.id, event.status, 0).data?.totalElements ?? 0;
  const prizeState = (applicant: EventApplicant) =>
    applicant.status === 'COMPLETED' || applicant.status === 'TRANSCODING'
      ? 'registered'
      : applicant.status === 'ACCEPTED'
        ? 'notRegistered'
        : 'expired';
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {t('eventManagement.winners.title')}
      </Typography>
      <Facts>
        <Typography sx={{ fontWeight: 700 }}>
          {t('eventManagement.winners.count', { count: winners, draw: event.drawNumber })}
        </Typography>
        {event.status === 'DRAWN' && event.prizeDueAt ? (
          <Typography>{t('eventManagement.winners.due', { date: formatDotDate(event.prizeDueAt) })}</Typography>
        ) : null}
      </Facts>
      <ApplicantTable
        product={product}
        columns={[
          'eventManagement.applicants.number',
          'eventManagement.applicants.story',
          'eventManagement.applicants.nickname',
          'eventManagement.winners.prize',
        ]}
        onOpen={(applicant) => {
          if (event.status === 'DRAWN' && applicant.status === 'ACCEPTED') setOpen(applicant);
        }}
        cell={(applicant, column) => {
          if (column === 'eventManagement.applicants.story') return story(applicant);
          if (column === 'eventManagement.applicants.nickname') return applicant.user.username;
          const state = prizeState(applicant);
          return state === 'registered' ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
              <CheckCircle fontSize="small" />
              <span>{t('eventManagement.winners.registered')}</span>
            </Stack>
          ) : state === 'notRegistered' && event.status === 'DRAWN' ? (
            <Button size="small" variant="outlined" onClick={() => setOpen(applicant)}>
              {t('eventManagement.winners.perform')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t(`eventManagement.winners.${state}`)}
            </Typography>
          );
        }}
      />
      {open ? (
        <EventPerformDialog
          productId={product.id}
          winner={open}
          onClose={() => setOpen(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: ['mission-products', 'event', product.id] })}
        />
      ) : null}
    </Stack>
  );
}

/**
 * `/mission-management/lottery-event/{id}`: the navigation state carries the event's status and object (spec 02 §2);
 * without them (or the id) the page goes back to the list. The live event is fetched again for its counts.
 */
export function LotteryEventDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useLocation().state as Partial<EventDetailState> | null;
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0 && !!state?.status && !!state.event;
  const live = useEventProduct(valid ? productId : 0);
  const [canceling, setCanceling] = useState(false);
  if (!valid) return <Navigate to="/mission-management/lottery-event" replace />;
  const product = live.data?.event ? live.data : state.event!;
  const { event } = product;
  return (
    <Layout>
      <Stack spacing={2}>
        <Box>
          <Button component={RouterLink} to="/mission-management/lottery-event" size="small">
            ← {t('eventManagement.detail.back')}
          </Button>
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 800, mr: 1 }}>
            {event.title}
          </Typography>
          <EventStatusChip status={event.status} />
          <Box sx={{ flexGrow: 1 }} />
          {event.status !== 'CLOSED' && event.status !== 'CANCELED' ? (
            <Button color="error" variant="outlined" size="small" onClick={() => setCanceling(true)}>
              {t('eventManagement.detail.cancelEvent')}
            </Button>
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('eventManagement.detail.period', { start: event.applyStart, end: event.applyEnd })} ·{' '}
          {t('eventManagement.detail.eventEnd', { date: event.eventEnd })}
        </Typography>
        {event.status === 'DRAWING' ? (
          <DrawView product={product} />
        ) : event.status === 'DRAWN' || event.status === 'CLOSED' ? (
          <WinnersView product={product} />
        ) : event.status === 'CANCELED' ? null : (
          <ApplicantsView product={product} />
        )}
      </Stack>
      {canceling ? (
        <CancelEventDialog
          product={product}
          onClose={() => setCanceling(false)}
          onCanceled={() => {
            setCanceling(false);
            void queryClient.invalidateQueries({ queryKey: eventQueryKey(product.id) });
            void queryClient.invalidateQueries({ queryKey: ['mission-products'] });
            void navigate('/mission-management/lottery-event');
          }}
        />
      ) : null}
    </Layout>
  );
}
