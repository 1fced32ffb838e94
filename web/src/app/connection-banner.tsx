import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { retryConnection, useConnectionState } from '../shared/network/connection';

/**
 * At the bottom of the screen while the connection is gone or unstable: what is wrong and a way to try again, instead
 * of lists that stay empty and buttons that seem to do nothing.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionState();
  if (state === 'ok') return <div role="status" className="visually-hidden" />;
  return (
    <div role="status" className="connection-banner">
      <span>{t(state === 'offline' ? 'network.offline' : 'network.unstable')}</span>
      <button type="button" className="shell-button text small" onClick={retryConnection}>
        {t('network.retry')}
      </button>
    </div>
  );
}

/** What a page shows when its code could not be loaded (offline, a dropped connection, a new version deployed). */
function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page-load-failed">
      <h1>{t('network.pageFailed')}</h1>
      <p>{t('network.unstable')}</p>
      <button type="button" className="shell-button primary" onClick={() => window.location.reload()}>
        {t('network.retry')}
      </button>
    </main>
  );
}

/**
 * Keeps the header and footer when a page fails to render (its code could not be downloaded): the member sees
 * where he is and can try again, where the whole app used to go blank. A new address starts afresh (`key`).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('a page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
