import type { MyCreator } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { digitsOnly } from '../../../shared/forms/validate';
import { myCreatorQueryKey } from '../my-creator';

/** Save is enabled only when the minimum is numeric and something differs from what is stored. */
export function customSettingsChanged(
  stored: { active: boolean; minimumCost: number | null },
  form: { active: boolean; minimum: string },
): boolean {
  if (form.active && !/^\d+$/.test(form.minimum)) return false;
  if (form.minimum !== '' && (!/^\d+$/.test(form.minimum) || Number(form.minimum) < 1)) return false;
  const minimum = form.minimum === '' ? null : Number(form.minimum);
  return form.active !== stored.active || minimum !== stored.minimumCost;
}

/** The custom settings: a switch to accept custom missions and a minimum price. */
export function CustomSettings({ creator }: { creator: MyCreator }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stored = creator.customMission;
  const [active, setActive] = useState(stored.active);
  const [minimum, setMinimum] = useState(stored.minimumCost === null ? '' : String(stored.minimumCost));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await api(`/creators/${creator.id}`, {
        method: 'PUT',
        body: { availableCustom: active, ...(minimum !== '' && { minimumCost: Number(minimum) }) },
      });
      await queryClient.invalidateQueries({ queryKey: myCreatorQueryKey });
      void showAlert(t('creatorStudio.missions.custom.saved'));
    } catch (error) {
      void showAlert(t('creatorStudio.missions.custom.failed', { reason: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderRadius: 2 }}
      component="section"
      aria-label={t('creatorStudio.missions.custom.title')}
    >
      <Typography sx={{ fontWeight: 800, mb: 1 }}>{t('creatorStudio.missions.custom.title')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormControlLabel
          control={<Switch checked={active} onChange={(_, checked) => setActive(checked)} />}
          label={t('creatorStudio.missions.custom.available')}
        />
        <TextField
          size="small"
          label={t('creatorStudio.missions.custom.minimum')}
          value={minimum}
          onChange={(event) => setMinimum(digitsOnly(event.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button
          variant="contained"
          disabled={busy || !customSettingsChanged(stored, { active, minimum })}
          onClick={() => void save()}
        >
          {t('creatorStudio.missions.custom.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
