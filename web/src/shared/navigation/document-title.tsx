import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import type { PageTitleMessages } from '../i18n/locales/page-titles';

const SITE = 'Fanmission';

/** Each route's title (web/src/app/routes.tsx), first match wins; the landing page is the site's name alone. */
export const PAGE_TITLES: ReadonlyArray<readonly [pattern: string, key: keyof PageTitleMessages]> = [
  ['/creator-search', 'creatorSearch'],
  ['/browse-missions', 'browseMissions'],
  ['/creator/:creatorId', 'creator'],
  ['/mission-detail/:missionId', 'missionDetail'],
  ['/lottery-event/:lotteryId', 'lotteryEvent'],
  ['/faq', 'faq'],
  ['/block-objection', 'blockObjection'],
  ['/provideterms', 'terms'],
  ['/privacyTerms', 'privacy'],
  ['/collectterms', 'collectTerms'],
  ['/operating-policies', 'operatingPolicy'],
  ['/login', 'login'],
  ['/sns-login', 'login'],
  ['/sign-up', 'signUp'],
  ['/signup-accept-terms', 'acceptTerms'],
  ['/forgot-password', 'forgotPassword'],
  ['/password-reset', 'passwordReset'],
  ['/password-change', 'passwordChange'],
  ['/email-sent/*', 'emailSent'],
  ['/email-verification', 'emailVerification'],
  ['/notifications', 'notifications'],
  ['/user-mypage', 'myPage'],
  ['/edit-user-profile', 'editProfile'],
  ['/coin-history', 'coinHistory'],
  ['/my-coins', 'myCoins'],
  ['/my-rolls', 'myRolls'],
  ['/creator-registration', 'creatorRegistration'],
  ['/signup-for-creator', 'creatorSignUp'],
  ['/get-creator-account-number', 'creatorAccount'],
  ['/newbie-creator-mypage', 'newbieCreator'],
  ['/edit-creator-profile', 'editCreatorProfile'],
  ['/mission-management/lottery-event/*', 'lotteryEvents'],
  ['/mission-management/*', 'missionManagement'],
  ['/adjustment-page', 'income'],
  ['/bank-account-change', 'bankAccount'],
  ['/not-found', 'notFound'],
  // A creator's own address (`/<url>`), as the route table's catch-all reads it.
  ['/:creatorId', 'creator'],
];

export function pageTitleKey(pathname: string): keyof PageTitleMessages | null {
  if (pathname === '/') return null;
  return PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? 'notFound';
}

/** `<what> · Fanmission`, or the site's name alone. */
export const documentTitle = (what: string | null) => (what ? `${what} · ${SITE}` : SITE);

/** Keeps the browser tab's title to the page shown, in the reader's language. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const key = pageTitleKey(pathname);
    document.title = documentTitle(key ? t(`pageTitles.${key}`) : null);
  }, [pathname, t, i18n.language]);
  return null;
}

/** A page that knows a better title than its route's (a creator's name, a mission's product) sets it once loaded. */
export function useDocumentTitle(what: string | null | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (what) document.title = documentTitle(what);
  }, [what, i18n.language]);
}
