import type { EventApplicant } from '@fanmission/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { formatDotDate } from '../../../shared/format/date';
import { Layout } from '../missions/mission-management-page';
import { eventQueryKey, useApplicants, useEventProduct, type EventProduct } from './api';
import { EventPerformDialog } from './event-perform-dialog';
import { APPLICANT_COLUMN, ApplicantDialog, ApplicantTable, Facts } from './applicant-table';
import { DrawView } from './draw-view';
import { CancelEventDialog, EventStatusChip, type EventDetailState } from './event-list-page';
import { monthDay } from '../../../shared/lottery-event/event-status';

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
        <Typography>{t('eventManagement.applicants.applyEnd', { date: monthDay(event.applyEnd) })}</Typography>
      </Facts>
      <ApplicantTable
        product={product}
        columns={[APPLICANT_COLUMN.number, APPLICANT_COLUMN.story, APPLICANT_COLUMN.nickname, APPLICANT_COLUMN.read]}
        onOpen={(applicant) => setOpen(applicant.id)}
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
          APPLICANT_COLUMN.number,
          APPLICANT_COLUMN.story,
          APPLICANT_COLUMN.nickname,
          'eventManagement.winners.prize',
        ]}
        onOpen={(applicant) => {
          if (event.status === 'DRAWN' && applicant.status === 'ACCEPTED') setOpen(applicant);
        }}
        cell={(applicant) => {
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
          onDone={() => void queryClient.invalidateQueries({ queryKey: eventQueryKey(product.id) })}
        />
      ) : null}
    </Stack>
  );
}

/**
 * `/mission-management/lottery-event/{id}`: the navigation state carries the event's status and object;
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
          {t('eventManagement.detail.period', { start: monthDay(event.applyStart), end: monthDay(event.applyEnd) })} ·{' '}
          {t('eventManagement.detail.eventEnd', { date: monthDay(event.eventEnd) })}
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
