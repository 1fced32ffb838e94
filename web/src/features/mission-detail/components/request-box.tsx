import type { MissionView } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../../../shared/format/date';
import { RequestAttachment } from '../../../shared/media/request-attachment';

/** The fan's request as it was sent. */
export function RequestBox({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('missionDetail.to'), mission.to],
    [t('missionDetail.from'), mission.toFriend ? mission.from : null],
    [t('missionDetail.requestComment'), mission.requestComment],
  ];
  return (
    <Box
      aria-label={t('missionDetail.request')}
      role="region"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 2.5, bgcolor: '#fafafa' }}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('missionDetail.request')}
      </Typography>
      <Stack spacing={1}>
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{value}</Typography>
            </Box>
          ))}
        {mission.requestFile ? <RequestAttachment file={mission.requestFile} /> : null}
        <Typography variant="caption" color="text.secondary">
          {formatDotDate(mission.created)}
        </Typography>
      </Stack>
    </Box>
  );
}
