import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { Card } from '../../../shared/ui/page';
import { creatorSharingKey, fetchCreatorSharing, saveCreatorSharing } from './sharing-api';

/** The creator's switch for the share pages of his completed missions, saved as it is turned. */
export function SharingSettingsCard() {
  const { t } = useTranslation();
  const { creatorId } = useSession();
  const queryClient = useQueryClient();
  const sharing = useQuery({ queryKey: creatorSharingKey(creatorId), queryFn: fetchCreatorSharing });
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);

  const turn = async (enabled: boolean) => {
    setBusy(true);
    setOutcome(null);
    try {
      queryClient.setQueryData(creatorSharingKey(creatorId), await saveCreatorSharing({ enabled }));
      setOutcome('saved');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 3 }}>
      <Card>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {t('sharing.section')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={sharing.data?.enabled ?? true}
              disabled={busy || !sharing.data}
              onChange={(_, checked) => void turn(checked)}
            />
          }
          label={t('sharing.creatorSwitch')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('sharing.creatorSwitchHint')}
        </Typography>
        {outcome === 'saved' ? (
          <Alert severity="success" role="status">
            {t('sharing.creatorSwitchSaved')}
          </Alert>
        ) : null}
        {outcome === 'failed' || sharing.isError ? (
          <Alert severity="error" role="alert">
            {t('sharing.failed')}
          </Alert>
        ) : null}
      </Card>
    </Box>
  );
}
