import type { EventApplicant } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { formatDotDate } from '../../../shared/format/date';
import { eventQueryKey, refusalOf, type EventProduct } from './api';
import { APPLICANT_COLUMN, ApplicantDialog, ApplicantTable, Facts } from './applicant-table';

/** DRAWING: pick and unpick, view one at random, random-pick the rest, finish when drawable. */
export function DrawView({ product }: { product: EventProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ missionId: number; preloaded?: EventApplicant } | null>(null);
  const [busy, setBusy] = useState(false);
  const { event } = product;
  const base = `/mission-products/${product.id}`;
  const reload = () => queryClient.invalidateQueries({ queryKey: eventQueryKey(product.id) });

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
      // The list as it now is behind the confirmation: nothing stale to click once it is closed.
      await reload();
      await showAlert(t('eventManagement.draw.randomDone'));
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
          APPLICANT_COLUMN.number,
          APPLICANT_COLUMN.nickname,
          APPLICANT_COLUMN.read,
          'eventManagement.draw.pickMark',
        ]}
        onOpen={(applicant) => setOpen({ missionId: applicant.id })}
        cell={(applicant) => (
          <Checkbox
            checked={applicant.event.temporaryAccepted}
            disabled={busy}
            slotProps={{
              input: { 'aria-label': `${t('eventManagement.draw.pickMark')} ${applicant.user.username}` },
            }}
            onClick={(clicked) => clicked.stopPropagation()}
            onChange={(_, checked) => void pick(applicant, checked)}
          />
        )}
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
