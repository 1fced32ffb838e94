import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushDeviceState, subscribeThisDevice, unsubscribeThisDevice, type PushDeviceState } from '../pwa/push-device';

const SEVERITY: Record<PushDeviceState, 'success' | 'info' | 'warning'> = {
  on: 'success',
  off: 'info',
  blocked: 'warning',
  refused: 'warning',
  needsInstall: 'info',
  unsupported: 'info',
  unavailable: 'info',
};

/**
 * "이 기기에서 푸시 알림 받기": this browser's state, and the button that turns push on (the browser's permission asked
 * on this click only) or off.
 */
export function PushDeviceControl() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    pushDeviceState()
      .catch((): PushDeviceState => 'off')
      .then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await (on ? subscribeThisDevice() : unsubscribeThisDevice()));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="push-device-title">
      <Typography id="push-device-title" variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        {t('notificationSettings.device.title')}
      </Typography>
      {state === null ? null : (
        <Alert severity={SEVERITY[state]} role="status" data-state={state}>
          {t(`notificationSettings.device.${state}`)}
        </Alert>
      )}
      {failed ? <Alert severity="error">{t('notificationSettings.device.failed')}</Alert> : null}
      {state === 'on' ? (
        <Button variant="outlined" disabled={busy} onClick={() => void toggle(false)} sx={{ alignSelf: 'flex-start' }}>
          {t('notificationSettings.device.turnOff')}
        </Button>
      ) : state === 'off' || state === 'blocked' ? (
        <Button variant="contained" disabled={busy} onClick={() => void toggle(true)} sx={{ alignSelf: 'flex-start' }}>
          {t('notificationSettings.device.turnOn')}
        </Button>
      ) : null}
    </Stack>
  );
}
