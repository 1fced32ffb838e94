import {
  DAY_MS,
  DEADLINES,
  EVENT_TITLE_MAX_LENGTH,
  kstDate,
  kstDayStart,
  TEXT_LIMITS,
  type MissionProduct,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { digitsOnly } from '../../../shared/forms/validate';
import { CoverPicker, useCoverUpload } from '../cover-upload';
import { DescriptionField } from '../description-field';
import type { EventProduct } from './api';
import { DescriptionVideoPicker, type DescriptionVideo } from './description-video';

export interface EventForm {
  title: string;
  name: string;
  description: string;
  drawNumber: string;
  applyStart: string;
  applyEnd: string;
  eventEnd: string;
}

/** The required parts of an event, in the form's order. */
export type EventField = 'cover' | 'title' | 'description' | 'drawNumber' | 'applyStart' | 'applyEnd' | 'eventEnd';

/** The required parts left empty, so that the form names them beside the spec's "every field is required". */
export function missingEventFields(form: EventForm, hasCover: boolean): EventField[] {
  const filled: Record<EventField, boolean> = {
    cover: hasCover,
    title: form.title.trim() !== '',
    description: form.description.trim() !== '',
    drawNumber: form.drawNumber !== '',
    applyStart: form.applyStart !== '',
    applyEnd: form.applyEnd !== '',
    eventEnd: form.eventEnd !== '',
  };
  return (Object.keys(filled) as EventField[]).filter((field) => !filled[field]);
}

export type EventFormError =
  'allRequired' | 'drawNumberPositive' | 'tooLong' | 'applyStartPast' | 'datesOrder' | 'eventEndTooSoon';

/**
 * The rules of a lottery event, as the server checks them: every field and the cover required, description ≤ 200, draw count
 * > 0, applyStart not before today (Korea time), applyEnd not before applyStart, eventEnd at least the 7-day minimum
 * due period after applyEnd.
 */
export function checkEvent(form: EventForm, hasCover: boolean, now: Date): EventFormError | null {
  if (missingEventFields(form, hasCover).length > 0) return 'allRequired';
  if (!(Number(form.drawNumber) > 0)) return 'drawNumberPositive';
  if (form.description.length > TEXT_LIMITS.description) return 'tooLong';
  if (form.applyStart < kstDate(now)) return 'applyStartPast';
  if (form.applyEnd < form.applyStart) return 'datesOrder';
  const minimumEnd = kstDate(
    new Date(kstDayStart(form.applyEnd).getTime() + DEADLINES.minimumMissionDuePeriodDays * DAY_MS),
  );
  if (form.eventEnd < minimumEnd) return 'eventEndTooSoon';
  return null;
}

const EMPTY: EventForm = {
  title: '',
  name: '',
  description: '',
  drawNumber: '',
  applyStart: '',
  applyEnd: '',
  eventEnd: '',
};

/** The form of an event being edited: what it holds now. */
export function eventFormOf(product: EventProduct): EventForm {
  const { event } = product;
  return {
    title: event.title,
    name: product.name === event.title ? '' : product.name,
    description: event.description,
    drawNumber: String(event.drawNumber),
    applyStart: event.applyStart,
    applyEnd: event.applyEnd,
    eventEnd: event.eventEnd,
  };
}

/**
 * Register a lottery event, or edit one (`editing`) until its applications open: the server refuses an edit after
 * that with its own message (409), which is shown. The description picture is uploaded first; the event is saved
 * only afterwards, and a picture uploaded for a failed save is deleted again. An edit keeps the current picture unless
 * another is picked.
 */
export function EventDialog({
  creatorId,
  editing,
  onClose,
  onSaved,
}: {
  creatorId: number;
  editing?: EventProduct | undefined;
  onClose: () => void;
  onSaved: (product: MissionProduct) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<EventForm>(editing ? eventFormOf(editing) : EMPTY);
  const [error, setError] = useState<EventFormError | null>(null);
  const currentCover = editing?.descriptionPicture ?? null;
  const coverUpload = useCoverUpload(
    editing ? 'eventManagement.editDialog' : 'eventManagement.dialog',
    currentCover?.s3Url ?? null,
    () => setError(null),
  );
  const { cover, progress } = coverUpload;
  const [video, setVideo] = useState<DescriptionVideo | null>(
    editing?.descriptionVideo ? { id: editing.descriptionVideo.id, name: null } : null,
  );
  const [videoUploading, setVideoUploading] = useState(false);
  const set = (patch: Partial<EventForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const today = kstDate(new Date());

  const save = async () => {
    const problem = checkEvent(form, cover !== null || currentCover !== null, new Date());
    setError(problem);
    if (problem) return;
    await coverUpload.submit(async (uploaded) => {
      const body = {
        creatorId,
        type: 'EVENT',
        title: form.title.trim(),
        ...(form.name.trim() && { name: form.name.trim() }),
        description: form.description.trim(),
        drawNumber: Number(form.drawNumber),
        applyStart: form.applyStart,
        applyEnd: form.applyEnd,
        eventEnd: form.eventEnd,
        descriptionPictureId: uploaded?.id ?? currentCover?.id,
        descriptionVideoId: video?.id ?? null,
      };
      const { data } = editing
        ? await api<MissionProduct>(`/mission-products/${editing.id}`, { method: 'PUT', body })
        : await api<MissionProduct>('/mission-products', { method: 'POST', body });
      await showAlert(t(editing ? 'eventManagement.editDialog.updated' : 'eventManagement.dialog.created'));
      onSaved(data);
    });
  };

  const date = (field: 'applyStart' | 'applyEnd' | 'eventEnd') => (
    <TextField
      label={t(`eventManagement.dialog.${field}`)}
      required
      type="date"
      value={form[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, 'data-testid': `event-${field}` } }}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="event-dialog-title">
      <DialogTitle id="event-dialog-title" sx={{ fontWeight: 800 }}>
        {t(editing ? 'eventManagement.editDialog.title' : 'eventManagement.dialog.registerTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {editing ? <Alert severity="info">{t('eventManagement.editDialog.note')}</Alert> : null}
          <CoverPicker state={coverUpload} required />
          <TextField
            label={t('eventManagement.dialog.title')}
            required
            value={form.title}
            onChange={(event) => set({ title: event.target.value.slice(0, EVENT_TITLE_MAX_LENGTH) })}
          />
          <TextField
            label={t('eventManagement.dialog.name')}
            value={form.name}
            onChange={(event) => set({ name: event.target.value.slice(0, EVENT_TITLE_MAX_LENGTH) })}
          />
          <DescriptionField
            label={t('eventManagement.dialog.description')}
            value={form.description}
            onChange={(description) => set({ description })}
            counter={(count, max) => t('eventManagement.dialog.counter', { count, max })}
            counterTestId="event-description-counter"
          />
          <TextField
            label={t('eventManagement.dialog.drawNumber')}
            required
            value={form.drawNumber}
            onChange={(event) => set({ drawNumber: digitsOnly(event.target.value) })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {date('applyStart')}
            {date('applyEnd')}
          </Stack>
          {date('eventEnd')}
          <DescriptionVideoPicker value={video} onChange={setVideo} onUploading={setVideoUploading} />
          {progress !== null ? <LinearProgress variant="determinate" value={progress} /> : null}
          {error ? (
            <Alert severity="error" role="alert">
              {t(`eventManagement.dialog.${error}`, {
                max: TEXT_LIMITS.description,
                days: DEADLINES.minimumMissionDuePeriodDays,
              })}
              {error === 'allRequired'
                ? ` ${t('eventManagement.dialog.missing', {
                    fields: missingEventFields(form, cover !== null || currentCover !== null)
                      .map((field) => t(`eventManagement.dialog.${field}`))
                      .join(', '),
                  })}`
                : null}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('eventManagement.dialog.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={progress !== null || videoUploading}>
          {t(editing ? 'eventManagement.editDialog.save' : 'eventManagement.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
