import type { MissionView } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../../../shared/format/date';

/** To the requester and the creator of a mission the operators hid: since when, why, and who still sees it. */
export function ContentHiddenNotice({ mission }: { mission: Pick<MissionView, 'contentHidden'> }) {
  const { t } = useTranslation();
  if (!mission.contentHidden) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
      {t('missionDetail.contentHidden', {
        date: formatDotDate(mission.contentHidden.at),
        reason: mission.contentHidden.reason,
      })}
    </Alert>
  );
}
