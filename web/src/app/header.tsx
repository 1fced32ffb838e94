import { HEADER_SCROLL_COLOUR_CHANGE_PX } from '@fanmission/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../shared/session/session';
import { logout as endSession } from '../shared/auth/logout';
import { LazyMenu } from '../shared/ui/lazy-menu';
import { Icon } from '../shared/ui/icons';
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

/** Logo, navigation icons and the user menu; the bar turns white after 100 px of scrolling. */
export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const scrolled = useScrolledPast(HEADER_SCROLL_COLOUR_CHANGE_PX);
  const loggedIn = session.token !== null;
  return (
    <header className={scrolled ? 'app-header scrolled' : 'app-header'} data-scrolled={scrolled}>
      <div className="app-header-inner">
        <Link className="logo" to="/">
          Fanmission
        </Link>
        <span className="grow" />
        <Link
          className="shell-icon-button"
          to="/creator-search"
          aria-label={t('header.search')}
          title={t('header.search')}
        >
          <Icon name="search" />
        </Link>
        {loggedIn ? (
          <>
            <Link className="shell-icon-button" to="/" aria-label={t('header.main')} title={t('header.main')}>
              <Icon name="home" />
            </Link>
            <Link
              className="shell-icon-button"
              to="/notifications"
              aria-label={t('header.notice')}
              title={t('header.notice')}
            >
              <Icon name="notifications" />
            </Link>
            <UserMenu />
          </>
        ) : (
          <>
            <Link className="shell-button text" to="/">
              {t('header.main')}
            </Link>
            <Link className="shell-button primary small" to="/login">
              {t('header.login')}
            </Link>
          </>
        )}
        <LanguageMenu />
      </div>
    </header>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        aria-label={t('header.userMenu')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <img className="avatar" src={session.imageUrl} alt="" />
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
