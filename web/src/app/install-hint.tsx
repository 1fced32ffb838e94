import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dismissInstallHint, promptInstall, useInstallHint } from '../shared/pwa/install-hint';

/**
 * The suggestion to add the app to the home screen, once it is due (src/shared/pwa/install-hint.ts): never on the
 * landing page, where a visitor has not done anything yet.
 */
export function InstallHintCard() {
  const { t } = useTranslation();
  const hint = useInstallHint();
  const { pathname } = useLocation();
  if (!hint.show || pathname === '/') return null;
  return (
    <aside className="install-hint" aria-label={t('install.title')}>
      <p className="install-hint-title">{t('install.title')}</p>
      <p>{t(hint.how === 'ios' ? 'install.ios' : 'install.body')}</p>
      <div className="install-hint-actions">
        <button type="button" className="shell-button text small" onClick={dismissInstallHint}>
          {t('install.later')}
        </button>
        {hint.how === 'prompt' ? (
          <button type="button" className="shell-button primary small" onClick={() => void promptInstall()}>
            {t('install.install')}
          </button>
        ) : null}
      </div>
    </aside>
  );
}
