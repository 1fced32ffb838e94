import type { MissionView } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The answer's thumbnail, else the product's picture. */
export function missionThumbnail(mission: Pick<MissionView, 'thumbnail' | 'missionProduct'>): string | null {
  const picture = mission.missionProduct.descriptionPicture;
  return mission.thumbnail?.s3Url ?? picture?.thumbnail?.s3Url ?? picture?.s3Url ?? null;
}

/** A mission in a list (my page tabs, browse missions): thumbnail, status, product and creator; opens its detail. */
export function MissionCard({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const thumbnail = missionThumbnail(mission);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <CardActionArea component={RouterLink} to={`/mission-detail/${mission.id}`}>
        <Box
          sx={{
            aspectRatio: '9 / 16',
            maxHeight: 240,
            width: '100%',
            bgcolor: '#f1e6ea',
            backgroundImage: thumbnail ? `url(${thumbnail})` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
        <Box sx={{ p: 2 }}>
          <Chip size="small" label={t(`missionStatus.${mission.status}`)} sx={{ mb: 1 }} />
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {mission.missionProduct.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {mission.missionProduct.creator.name}
          </Typography>
        </Box>
      </CardActionArea>
    </Paper>
  );
}
