import type { MissionView } from '@fanmission/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RequestAttachment } from '../../../shared/media/request-attachment';

/** What a row's modal gets: the mission, and what to do when it closes or has done its work. */
export interface MissionDialogProps {
  mission: MissionView;
  onClose: () => void;
  /** Called as soon as the server has done the work, before its confirmation is shown (the list refreshes behind it). */
  onDone: () => void;
}

/** Who asked for what: shown at the top of the row modals. */
export function MissionSummary({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ mb: 1 }}>
      <Typography sx={{ fontWeight: 700 }}>
        {mission.missionProduct.name} · {t('creatorStudio.missions.products.coins', { count: mission.coinPrice })}
      </Typography>
      <Typography variant="body2">
        {t('creatorStudio.missions.list.requester')}: {mission.user.username}
        {mission.to ? ` · ${t('creatorStudio.missions.list.to')}: ${mission.to}` : ''}
        {mission.from ? ` · ${t('creatorStudio.missions.list.from')}: ${mission.from}` : ''}
      </Typography>
      {mission.requestComment ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>
          {mission.requestComment}
        </Typography>
      ) : null}
      {mission.requestFile ? <RequestAttachment file={mission.requestFile} /> : null}
    </Stack>
  );
}
