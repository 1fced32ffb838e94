import { HEADER_SCROLL_COLOUR_CHANGE_PX } from '@fanmission/contracts';
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { storeCurrentUser, useSession } from '../shared/session/session';
import { InitialsAvatar } from '../shared/cards/pictures';
import { logout as endSession } from '../shared/auth/logout';
import { LazyMenu } from '../shared/ui/lazy-menu';
import { Icon } from '../shared/ui/icons';
import { holdUnreadNotifications, unreadBadgeText, useUnreadNotifications } from '../shared/notifications/unread';
import { HeaderDrawer } from './header-drawer';
import { LanguageMenu } from './language-menu';

/** True once the window has scrolled past `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/** Moves the keyboard focus to the page's `<main>` (the skip link's target; pages render their own `<main>`). */
function skipToContent(event: React.MouseEvent) {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}

/**
 * Logo, navigation icons and the user menu; the bar turns white after 100 px of scrolling. Below 600 px the bar
 * keeps the logo, the language button and the main action (Login, or the user menu) on one line, and the other
 * items (class `header-wide`) move into a menu drawer behind the menu button.
 */
export function Header() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const unread = useUnreadNotifications();
  const scrolled = useScrolledPast(HEADER_SCROLL_COLOUR_CHANGE_PX);
  const loggedIn = session.loggedIn;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => (loggedIn ? holdUnreadNotifications(i18n.language) : undefined), [loggedIn, i18n.language]);
  const unreadText = loggedIn && unread.count > 0 ? unreadBadgeText(unread) : null;
  const unreadWords = unreadText ? t('header.unreadCount', { count: unreadText }) : null;
  const noticeLabel = unreadWords ? `${t('header.notice')}, ${unreadWords}` : t('header.notice');
  return (
    <header className={scrolled ? 'app-header scrolled' : 'app-header'} data-scrolled={scrolled}>
      <a className="skip-link" href="#main" onClick={skipToContent}>
        {t('a11y.skipToContent')}
      </a>
      <div className="app-header-inner">
        <Link className="logo" to="/">
          Fanmission
        </Link>
        <span className="grow" />
        <WideIconLink to="/creator-search" label={t('header.search')} icon="search" />
        {loggedIn ? (
          <>
            <WideIconLink to="/" label={t('header.main')} icon="home" />
            <WideIconLink to="/notifications" label={noticeLabel} icon="notifications" badge={unreadText} />
            <UserMenu />
          </>
        ) : (
          <>
            <Link className="shell-button text header-wide" to="/">
              {t('header.main')}
            </Link>
            <Link className="shell-button primary small" to="/login">
              {t('header.login')}
            </Link>
          </>
        )}
        <LanguageMenu />
        <button
          type="button"
          className="shell-icon-button header-menu-button"
          aria-label={unreadText ? undefined : t('a11y.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls="header-drawer"
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
            <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
          </svg>
          {unreadText ? (
            <CountedName before={`${t('a11y.openMenu')} (${t('header.notice')}, `} count={unreadText} after=")" />
          ) : null}
        </button>
      </div>
      <HeaderDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Link to="/">
          <Icon name="home" /> {t('header.main')}
        </Link>
        <Link to="/creator-search">
          <Icon name="search" /> {t('header.search')}
        </Link>
        <Link to="/browse-missions">
          <Icon name="play" /> {t('browseMissions.title')}
        </Link>
        <Link to="/faq">
          <Icon name="help" /> {t('footer.faq')}
        </Link>
        {loggedIn ? (
          <Link to="/notifications">
            <Icon name="notifications" /> {t('header.notice')}
            {unreadText ? <UnreadBadge text={unreadText} inline /> : null}
            {unreadWords ? <span className="visually-hidden">, {unreadWords}</span> : null}
          </Link>
        ) : null}
      </HeaderDrawer>
    </header>
  );
}

/**
 * An icon button of the wide bar (hidden below 600 px, where the drawer lists it): its label is its name and tooltip,
 * with what its badge counts.
 */
function WideIconLink({
  to,
  label,
  icon,
  badge = null,
}: {
  to: string;
  label: string;
  icon: ComponentProps<typeof Icon>['name'];
  badge?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Link className="shell-icon-button header-wide" to={to} aria-label={badge ? undefined : label} title={label}>
      <Icon name={icon} />
      {badge ? <CountedName before={`${t('header.notice')}, `} count={badge} /> : null}
    </Link>
  );
}

const COUNT_MARK = '\u0001';

/**
 * The name of a control that shows an unread count on its icon, made of its content: the words around the count
 * (hidden, for screen readers) and the count the badge shows. A label of its own would hold the count only inside a
 * word ("1개", "未読1件"), so the name would not contain what the control shows, and a voice control user says what
 * he sees (WCAG 2.5.3, axe-core's label-content-name-mismatch).
 */
function CountedName({ before, count, after = '' }: { before: string; count: string; after?: string }) {
  const { t } = useTranslation();
  const [countBefore = '', countAfter = ''] = t('header.unreadCount', { count: COUNT_MARK }).split(COUNT_MARK);
  return (
    <>
      <span className="visually-hidden">{`${before}${countBefore}`}</span>
      <span className="unread-badge" data-testid="unread-badge">
        {count}
      </span>
      {countAfter || after ? <span className="visually-hidden">{`${countAfter}${after}`}</span> : null}
    </>
  );
}

/** The unread count on an icon (its corner) or after a menu item's text; the control's label says it in words. */
function UnreadBadge({ text, inline = false }: { text: string; inline?: boolean }) {
  return (
    <span className={inline ? 'unread-badge inline' : 'unread-badge'} aria-hidden="true" data-testid="unread-badge">
      {text}
    </span>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A picture this browser stored that no longer loads was changed in another session (the old file is gone): the
  // member's current one is asked for once, and the header shows it.
  // The API client is loaded then, not with the shell (web/vite.config.ts keeps the shell light).
  const refreshPicture = () =>
    void import('../shared/api/current-user')
      .then(({ fetchCurrentUser }) => fetchCurrentUser())
      .then(storeCurrentUser, () => undefined);
  const logout = () => {
    void endSession().then(() => navigate('/', { replace: true }));
  };
  const fanMyPage = session.isVerified === false ? '/email-sent?view=suggest-user-authentication' : '/user-mypage';
  const items =
    session.creatorId !== null
      ? [
          { label: t('header.myPage'), to: '/newbie-creator-mypage' },
          { label: t('creatorStudio.profile.title'), to: '/edit-creator-profile' },
          { label: t('header.missionManagement'), to: '/mission-management' },
          { label: t('header.incomeManagement'), to: '/adjustment-page' },
        ]
      : [{ label: t('header.myPage'), to: fanMyPage }];
  return (
    <>
      <button
        type="button"
        className="shell-icon-button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* The user's photo, else their initials (shared/cards/pictures.tsx): never the default silhouette. The
            button is named by the picture's text alternative, what the button does, and never by a label of its own,
            which would not contain the initials it shows (a voice control user says what he sees). */}
        <InitialsAvatar
          name={session.userName ?? ''}
          seed={session.userId ?? 0}
          src={session.imageUrl}
          size={32}
          alt={t('header.userMenu')}
          onBroken={refreshPicture}
        />
      </button>
      <LazyMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={[
          ...items.map((item) => ({ key: item.to, label: item.label, onClick: () => void navigate(item.to) })),
          { key: 'logout', label: t('header.logout'), onClick: logout },
        ]}
      />
    </>
  );
}
