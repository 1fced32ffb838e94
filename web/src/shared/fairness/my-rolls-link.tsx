import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The fan's my page button to `/my-rolls` (his lucky roulette rolls, recomputed). */
export function MyRollsLink() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="/my-rolls" variant="outlined">
      {t('lotteryEvent.seed.myRolls')}
    </Button>
  );
}
