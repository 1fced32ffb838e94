import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="not-found">
      <h1>{t('notFound.title')}</h1>
      <Link className="button" to="/">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
