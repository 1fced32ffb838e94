import type { MissionView } from '@fanmission/contracts';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLike } from '../use-like';
import { HideControl } from './hide-control';

/** Like / unlike (a visitor is sent to /login), and a member's own hide from his lists. */
export function LikePanel({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const { state, busy, toggle } = useLike(mission);
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, display: 'grid', gap: 1.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant={state.liked ? 'contained' : 'outlined'}
          color="primary"
          startIcon={state.liked ? <Favorite /> : <FavoriteBorder />}
          aria-pressed={state.liked}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {state.liked ? t('missionDetail.unlike') : t('missionDetail.like')}
        </Button>
        <Typography aria-label="likes count" sx={{ fontWeight: 700 }}>
          {t('missionDetail.likes', { count: state.count })}
        </Typography>
      </Stack>
      <HideControl mission={mission} />
    </Paper>
  );
}
