import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <main className="landing">
      <h1>{t('landing.headline')}</h1>
      <p className="sub-headline">{t('landing.subHeadline')}</p>
      <Link className="button primary" to="/creator-search">
        {t('landing.start')}
      </Link>
      <div className="store-badges">
        <span className="badge">{t('landing.appStore')}</span>
        <span className="badge">{t('landing.googlePlay')}</span>
      </div>
    </main>
  );
}
