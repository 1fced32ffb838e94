import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session/session';
import { EventPopup } from '../../shared/popups/event-popup';
import { webConfig } from '../../shared/config';
import { promptInstall, useInstallWay } from '../../shared/pwa/install-hint';

/** Its own chunk, asked for once the headline has painted (it needs neither the component library nor the query cache). */
const LandingShowcase = lazy(() => import('./landing-showcase'));

/**
 * `/`: headline, start button and the app's store badges (or adding the web app to the home screen), then featured creators and recently completed missions; plain markup
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
          {webConfig.appStoreUrl || webConfig.googlePlayUrl ? (
            <>
              {webConfig.appStoreUrl ? (
                <a className="store-badge" href={webConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
                  <Icon name="apple" size={20} />
                  {t('landing.appStore')}
                </a>
              ) : null}
              {webConfig.googlePlayUrl ? (
                <a className="store-badge" href={webConfig.googlePlayUrl} target="_blank" rel="noopener noreferrer">
                  <Icon name="play" size={20} />
                  {t('landing.googlePlay')}
                </a>
              ) : null}
            </>
          ) : (
            <AddToHomeScreen />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * While the app has no store listing: the web app added to the home screen, by the browser's own prompt where it has
 * one, else by the words saying where (Safari's share menu, or the browser's menu). Nothing once installed.
 */
function AddToHomeScreen() {
  const { t } = useTranslation();
  const way = useInstallWay();
  const [told, setTold] = useState(false);
  if (way === 'installed') return null;
  return (
    <div className="add-to-home">
      <button
        type="button"
        className="store-badge"
        aria-expanded={way === 'prompt' ? undefined : told}
        onClick={() => (way === 'prompt' ? void promptInstall() : setTold(true))}
      >
        {t('landing.addToHome')}
      </button>
      {told ? (
        <p className="add-to-home-how" role="status">
          {t(way === 'ios' ? 'install.ios' : 'landing.addToHomeHow')}
        </p>
      ) : null}
    </div>
  );
}
