import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from './page';

/** Routes whose screens later issues build: the route and its guard exist, the page says it is coming. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Typography color="text.secondary">{t('placeholder.body')}</Typography>
    </Page>
  );
}
