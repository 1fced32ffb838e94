import type { MissionView } from '@fanmission/contracts';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../../../shared/format/date';
import { RequestAttachment } from '../../../shared/media/request-attachment';

/**
 * The fan's request as it was sent. `collapsed`: under a completed mission's answer, a closed section its parties open
 * to re-read what was asked and sent.
 */
export function RequestBox({ mission, collapsed = false }: { mission: MissionView; collapsed?: boolean }) {
  const { t } = useTranslation();
  const summaryId = useId();
  if (collapsed) {
    return (
      <Accordion
        disableGutters
        variant="outlined"
        sx={{ borderRadius: 3, bgcolor: '#fafafa', '&::before': { display: 'none' } }}
        slotProps={{ heading: { component: 'h2' } }}
      >
        <AccordionSummary id={summaryId} expandIcon={<ExpandMore />} sx={{ minHeight: 48 }}>
          <Typography component="span" variant="subtitle1" sx={{ fontWeight: 800 }}>
            {t('missionDetail.request')}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <RequestRows mission={mission} />
        </AccordionDetails>
      </Accordion>
    );
  }
  return (
    <Box
      aria-label={t('missionDetail.request')}
      role="region"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 2.5, bgcolor: '#fafafa' }}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('missionDetail.request')}
      </Typography>
      <RequestRows mission={mission} />
    </Box>
  );
}

function RequestRows({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('missionDetail.to'), mission.to],
    [t('missionDetail.from'), mission.toFriend ? mission.from : null],
    [t('missionDetail.requestComment'), mission.requestComment],
  ];
  return (
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
  );
}
