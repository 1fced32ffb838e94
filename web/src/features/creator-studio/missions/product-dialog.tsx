import { isTenthStep, TEXT_LIMITS, WIN_PROBABILITY, type MissionProduct } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
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

export interface ProductForm {
  name: string;
  price: string;
  description: string;
  allowAttachments: boolean;
  winProbability: string;
  alwaysPrivate: boolean;
}

export type ProductFormError = 'required' | 'tooLong' | 'probability';

/** The required parts of a product, in the form's order (a LUCKY one's price is a roll's, its description the item). */
export type ProductField = 'name' | 'price' | 'winProbability' | 'description' | 'cover';

/** The required parts left empty, so that the form names them beside "every field is required". */
export function missingProductFields(type: 'BASIC' | 'LUCKY', form: ProductForm, hasCover: boolean): ProductField[] {
  const filled: Record<ProductField, boolean> = {
    name: form.name.trim() !== '',
    price: form.price !== '' && Number(form.price) >= 1,
    winProbability: type !== 'LUCKY' || form.winProbability.trim() !== '',
    description: form.description.trim() !== '',
    cover: hasCover,
  };
  return (Object.keys(filled) as ProductField[]).filter((field) => !filled[field]);
}

/** Every field and the cover required, description at most 200, probability 0.1–10 in steps of 0.1. */
export function checkProduct(type: 'BASIC' | 'LUCKY', form: ProductForm, hasCover: boolean): ProductFormError | null {
  if (missingProductFields(type, form, hasCover).length > 0) return 'required';
  if (form.description.length > TEXT_LIMITS.description) return 'tooLong';
  if (type === 'LUCKY') {
    const probability = Number(form.winProbability);
    if (
      !Number.isFinite(probability) ||
      probability < WIN_PROBABILITY.min ||
      probability > WIN_PROBABILITY.max ||
      !isTenthStep(probability)
    ) {
      return 'probability';
    }
  }
  return null;
}

/** Each required part's label in the dialog's texts, as the form shows it for a BASIC or a LUCKY product. */
const FIELD_LABELS: Record<ProductField, (lucky: boolean) => string> = {
  name: () => 'name',
  price: (lucky) => (lucky ? 'rollPrice' : 'price'),
  winProbability: () => 'winProbability',
  description: (lucky) => (lucky ? 'performItem' : 'description'),
  cover: () => 'cover',
};

function formOf(product: MissionProduct | null): ProductForm {
  return {
    name: product?.name ?? '',
    price: product?.coinPrice ? String(product.coinPrice) : '',
    description: product?.description ?? '',
    allowAttachments: product?.allowAttachments ?? false,
    winProbability: product?.winProbability ? String(product.winProbability) : '',
    alwaysPrivate: product?.alwaysPrivate ?? false,
  };
}

/**
 * Register or edit a BASIC or LUCKY product. The cover is uploaded first; the product is created (or updated) only
 * afterwards, and a cover uploaded for a failed save is deleted again.
 */
export function ProductDialog({
  type,
  creatorId,
  product,
  onClose,
  onSaved,
}: {
  type: 'BASIC' | 'LUCKY';
  creatorId: number;
  product: MissionProduct | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ProductForm>(() => formOf(product));
  const [error, setError] = useState<ProductFormError | null>(null);
  const coverUpload = useCoverUpload('creatorStudio.missions.dialog', product?.descriptionPicture?.s3Url ?? null, () =>
    setError(null),
  );
  const { cover, preview, progress } = coverUpload;
  const set = (patch: Partial<ProductForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const lucky = type === 'LUCKY';

  const save = async () => {
    const problem = checkProduct(type, form, cover !== null || preview !== null);
    setError(problem);
    if (problem) return;
    await coverUpload.submit(async (uploaded) => {
      const body = {
        creatorId,
        type,
        name: form.name.trim(),
        coinPrice: Number(form.price),
        description: form.description.trim(),
        descriptionPictureId: uploaded?.id ?? product?.descriptionPicture?.id,
        ...(lucky
          ? { winProbability: Number(form.winProbability), alwaysPrivate: form.alwaysPrivate }
          : { allowAttachments: form.allowAttachments }),
      };
      await api<MissionProduct>(product ? `/mission-products/${product.id}` : '/mission-products', {
        method: product ? 'PUT' : 'POST',
        body,
      });
      await showAlert(t(product ? 'creatorStudio.missions.dialog.updated' : 'creatorStudio.missions.dialog.created'));
      onSaved();
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="product-dialog-title">
      <DialogTitle id="product-dialog-title" sx={{ fontWeight: 800 }}>
        {t(product ? 'creatorStudio.missions.dialog.editTitle' : 'creatorStudio.missions.dialog.registerTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('creatorStudio.missions.dialog.name')}
            required
            value={form.name}
            onChange={(event) => set({ name: event.target.value })}
          />
          <TextField
            label={t(lucky ? 'creatorStudio.missions.dialog.rollPrice' : 'creatorStudio.missions.dialog.price')}
            required
            value={form.price}
            onChange={(event) => set({ price: digitsOnly(event.target.value) })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {lucky ? (
            <TextField
              label={t('creatorStudio.missions.dialog.winProbability')}
              required
              type="number"
              value={form.winProbability}
              onChange={(event) => set({ winProbability: event.target.value })}
              helperText={t('creatorStudio.missions.dialog.winProbabilityHelp')}
              slotProps={{
                htmlInput: { min: WIN_PROBABILITY.min, max: WIN_PROBABILITY.max, step: WIN_PROBABILITY.step },
              }}
            />
          ) : null}
          {lucky ? (
            <Alert severity="info" variant="outlined" role="note" data-testid="lucky-earnings">
              {t('creatorStudio.missions.dialog.luckyEarnings')}
            </Alert>
          ) : null}
          <DescriptionField
            label={t(lucky ? 'creatorStudio.missions.dialog.performItem' : 'creatorStudio.missions.dialog.description')}
            value={form.description}
            onChange={(description) => set({ description })}
            counter={(count, max) => t('creatorStudio.missions.dialog.counter', { count, max })}
            counterTestId="description-counter"
          />
          <CoverPicker state={coverUpload} required />
          {lucky ? (
            <FormControlLabel
              control={
                <Checkbox checked={form.alwaysPrivate} onChange={(_, checked) => set({ alwaysPrivate: checked })} />
              }
              label={t('creatorStudio.missions.dialog.alwaysPrivate')}
            />
          ) : (
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.allowAttachments}
                  onChange={(_, checked) => set({ allowAttachments: checked })}
                />
              }
              label={t('creatorStudio.missions.dialog.allowAttachments')}
            />
          )}
          {progress !== null ? <LinearProgress variant="determinate" value={progress} /> : null}
          {error ? (
            <Alert severity="error" role="alert">
              {t(`creatorStudio.missions.dialog.${error}`, { max: TEXT_LIMITS.description })}
              {error === 'required'
                ? ` ${t('creatorStudio.missions.dialog.missing', {
                    fields: missingProductFields(type, form, cover !== null || preview !== null)
                      .map((field) => t(`creatorStudio.missions.dialog.${FIELD_LABELS[field](lucky)}`))
                      .join(', '),
                  })}`
                : null}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('creatorStudio.missions.dialog.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={progress !== null}>
          {t(product ? 'creatorStudio.missions.dialog.update' : 'creatorStudio.missions.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
