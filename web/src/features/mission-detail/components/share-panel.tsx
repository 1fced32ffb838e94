import type { MissionView } from '@fanmission/contracts';
import IosShare from '@mui/icons-material/IosShare';
import LinkOff from '@mui/icons-material/LinkOff';
import AddLink from '@mui/icons-material/AddLink';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { useMissionSharing } from '../api/sharing';
import { useShare } from '../use-share';

/**
 * The share button of a completed mission (its public share page), and for the requester of a private one the
 * unlisted link's controls. Nothing when the mission has nothing to share (the creator turned sharing off, an
 * adult-flagged creator, a private mission seen by its creator).
 */
export function SharePanel({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const session = useSession();
  const completed = mission.status === 'COMPLETED';
  const { data } = useMissionSharing(mission.id, session.userId, completed);
  const { share, createLink, revokeLink, busy, freshPath, toast, closeToast } = useShare(mission.id);
  const title = t('sharing.title', {
    creator: mission.missionProduct.creator.name,
    product: mission.missionProduct.name,
  });
  const toastView = (
    <Snackbar
      open={toast !== null}
      message={toast ?? ''}
      autoHideDuration={4000}
      onClose={closeToast}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    />
  );
  if (!completed || !data) return toastView;
  const link = data.link?.canCreate ? data.link : null;
  if (!data.publicPath && !link) return toastView;
  const active = link !== null && (link.activeSince !== null || freshPath !== null);
  const sharedPath = data.publicPath ?? (active ? freshPath : null);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('sharing.section')}
      sx={{ p: 3, borderRadius: 3, display: 'grid', gap: 1.5 }}
    >
      {link ? (
        <Typography variant="body2" color="text.secondary">
          {active ? t('sharing.linkActive') : t('sharing.privateHint')}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {sharedPath ? (
          <Button variant="contained" startIcon={<IosShare />} onClick={() => void share(sharedPath, title)}>
            {t('sharing.share')}
          </Button>
        ) : null}
        {link ? (
          <Button variant="outlined" startIcon={<AddLink />} disabled={busy} onClick={() => void createLink()}>
            {active ? t('sharing.newLink') : t('sharing.createLink')}
          </Button>
        ) : null}
        {link && active ? (
          <Button color="error" startIcon={<LinkOff />} disabled={busy} onClick={() => void revokeLink()}>
            {t('sharing.revokeLink')}
          </Button>
        ) : null}
      </Stack>
      {toastView}
    </Paper>
  );
}
