import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session/session';
import { EventPopup } from '../../shared/popups/event-popup';

const APP_STORE_URL = 'https://apps.apple.com/app/fanmission';
const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=com.fanmission';

/** Its own chunk, asked for once the headline has painted (it needs neither the component library nor the query cache). */
const LandingShowcase = lazy(() => import('./landing-showcase'));

/**
 * `/`: headline, start button and store badges, then featured creators and recently completed missions; plain markup
 * so the first visit stays light.
 */
export function LandingPage() {
  const session = useSession();
  return (
    <main className="landing-page">
      <LandingHero />
      <Suspense fallback={null}>
        <LandingShowcase />
      </Suspense>
      <EventPopup state={session.loggedIn ? 'loggedOn' : 'loggedOff'} />
    </main>
  );
}

/** The landing page's content, also written into index.html by the build (app/static-first-view.tsx). */
export function LandingHero() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <div className="landing-inner">
        <h1>{t('landing.headline')}</h1>
        <p className="sub-headline">{t('landing.subHeadline')}</p>
        <Link className="shell-button primary large" to="/creator-search">
          {t('landing.start')}
        </Link>
        <div className="store-badges">
          <a className="store-badge" href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
            <Icon name="apple" size={20} />
            {t('landing.appStore')}
          </a>
          <a className="store-badge" href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
            <Icon name="play" size={20} />
            {t('landing.googlePlay')}
          </a>
        </div>
      </div>
    </div>
  );
}
