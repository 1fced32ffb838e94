import type { MissionView } from '@fanmission/contracts';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useHide } from '../use-hide';

/** A member hides the mission from his own lists (a block nobody else sees), or shows it again; visitors see nothing. */
export function HideControl({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const { blocked, busy, toggle, available } = useHide(mission);
  if (!available) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {blocked ? (
        <Typography role="status" variant="body2" color="text.secondary">
          {t('missionDetail.hide.notice')}
        </Typography>
      ) : null}
      <Button
        variant="text"
        color="inherit"
        size="small"
        startIcon={blocked ? <Visibility /> : <VisibilityOff />}
        aria-disabled={busy}
        className={busy ? 'Mui-disabled' : undefined}
        onClick={() => void toggle()}
      >
        {blocked ? t('missionDetail.hide.undo') : t('missionDetail.hide.action')}
      </Button>
    </Stack>
  );
}
