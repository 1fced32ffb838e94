// Every screen of the web app, for the suites that pass over all of them (tests/support/web-a11y-suite.ts: axe-core,
// 360 px overflow and header checks, screenshots in ko/en/ja). A new screen is one more entry here: its path (built
// from the demo data's ids when it needs one), who looks at it, and, for a dialog or a menu, how to open it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ACTION_TIMEOUT_MS } from '../harness/browser';
import type { Messages } from '../../web/src/shared/i18n/resources';

/**
 * Who opens the screen: a visitor, the demo fan, the verified demo creator (creator@) or the creator awaiting review,
 * or the demo creator `dancer` (dancer@: the creator of the fan's waiting mission, running a lottery event), each of
 * whom has closed the operator's popup before; a `newcomer` is a visitor who has not. `newFan` and `newCreator` are
 * members as a new user makes them (`NEW_MEMBER_SCREENS`).
 */
export type Viewer = 'newcomer' | 'visitor' | 'fan' | 'creator' | 'newbie' | 'dancer' | 'newFan' | 'newCreator';

/** Ids from the demo data (services/src/seed) the paths need. */
export interface ScreenData {
  /** The verified demo creator's (creator@, url `starlight`). */
  creatorId: number;
  creatorUrl: string;
  /** A completed public mission of the demo fan. */
  missionId: number;
  /** The demo fan's accepted mission, still waiting for the creator (its escrow timeline counts down). */
  waitingMissionId: number;
  /** The name of that mission's product (its row in the creator's mission list). */
  waitingMissionProduct: string;
  /** A lottery event taking applications (its product id), run by the `dancer`. */
  lotteryEventId: number;
  /** An application to that event (an EVENT mission of another member), as its mission id. */
  eventMissionId: number;
  /** The `newCreator`'s creator id. */
  newCreatorId: number;
  /** The `newFan`'s missions of the `newCreator`, one in each state, once `NEW_MEMBER_SCREENS`' second part runs. */
  newMissions: Partial<Record<NewMissionState, number>>;
}

export const NEW_MISSION_STATES = ['REQUESTED', 'ACCEPTED', 'COMPLETED', 'REJECTED'] as const;
export type NewMissionState = (typeof NEW_MISSION_STATES)[number];

export interface WebScreen {
  /** Unique; screenshots are named `web-a11y-<name>-<language>.png`. */
  name: string;
  viewer: Viewer;
  path: string | ((data: ScreenData) => string);
  /** Opens what the screen is about once the page has loaded (a dialog, a menu, a tab). */
  open?: (page: Page, t: Messages, data: ScreenData) => Promise<void>;
}

/** The title of the lottery event the suites register for the `dancer` (see `ScreenData.lotteryEventId`). */
export const LOTTERY_EVENT_TITLE = 'Signed polaroids';

const clickButton = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).or(page.getByRole('menu')).first().waitFor();
};

/** Follows the page's link to `path` (screens reached only from another one, with navigation state). */
const followLink = async (page: Page, path: string) => {
  await page.locator(`a[href="${path}"]`).first().click();
  await page.waitForURL((url) => url.pathname === path);
};

/**
 * The open menu drawer spans the screen's height and each of its items is the element a tap at its centre reaches (a
 * drawer cut to the header's height by a containing block hid its items while every other check passed).
 */
async function drawerItemsShown(page: Page): Promise<void> {
  // Asked until it holds: the drawer may still be sliding in when the click that opens it returns.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const drawer = document.querySelector<HTMLElement>('[role="dialog"]#header-drawer');
          if (!drawer) return ['no open drawer'];
          const found: string[] = [];
          const box = drawer.getBoundingClientRect();
          if (box.top > 0 || box.bottom < window.innerHeight) {
            found.push(`drawer spans ${box.top}-${box.bottom} of ${window.innerHeight} px`);
          }
          const items = [...drawer.querySelectorAll<HTMLElement>('nav a, nav button')];
          if (items.length === 0) found.push('drawer without items');
          for (const item of items) {
            const rect = item.getBoundingClientRect();
            const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
            if (!hit || !item.contains(hit)) found.push(`"${item.textContent?.trim()}" cannot be tapped`);
          }
          return found;
        }),
      { message: 'header drawer', timeout: ACTION_TIMEOUT_MS },
    )
    .toEqual([]);
}

/**
 * What the screenshots at 360 px showed out of place while every other check passed: `placement` runs in the page
 * with `arg` and returns what is wrong, or ''.
 */
async function expectPlaced(page: Page, placement: (arg: string) => string, arg: string): Promise<void> {
  // The screen may still be painting what it loads (a profile, a list): asked again until it holds (a state, not a
  // time: the step's own timeout is the limit).
  await expect.poll(() => page.evaluate(placement, arg), { timeout: ACTION_TIMEOUT_MS }).toBe('');
}

/** The text of the page's link or button `label` is on one line, not broken inside its words. */
const onOneLine = (page: Page, label: string) =>
  expectPlaced(
    page,
    (text) => {
      const element = [...document.querySelectorAll('main a, main button')].find(
        (node) => node.textContent?.trim() === text,
      );
      if (!element) return `"${text}" not found`;
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].filter((rect) => rect.height > 0).map((rect) => rect.top));
      return tops.size > 1 ? `"${text}" runs over ${tops.size} lines` : '';
    },
    label,
  );

/** The camera badge sits on the profile picture's corner (in the phone's column it went to the box's far end). */
const badgeOnPicture = (page: Page, label: string) =>
  expectPlaced(
    page,
    (name) => {
      const picture = document.querySelector(`button[aria-label="${name}"]`);
      const badge = picture?.parentElement?.querySelector('.MuiBadge-badge');
      if (!picture || !badge) return `no picture "${name}" with a badge`;
      const box = picture.getBoundingClientRect();
      const mark = badge.getBoundingClientRect();
      const [x, y] = [mark.left + mark.width / 2, mark.top + mark.height / 2];
      return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom
        ? ''
        : `the camera badge is at ${Math.round(x)},${Math.round(y)}, off the picture (${Math.round(box.left)}-${Math.round(box.right)})`;
    },
    label,
  );

/** Every entry of the creator studio's menu is on the screen (none beyond its edge in a row that scrolls). */
const menuEntriesShown = (page: Page, menu: string) =>
  expectPlaced(
    page,
    (name) => {
      const entries = [...document.querySelectorAll(`nav[aria-label="${name}"] a`)];
      if (entries.length === 0) return `no menu "${name}"`;
      return entries
        .filter((entry) => {
          const box = entry.getBoundingClientRect();
          return box.left < 0 || box.right > document.documentElement.clientWidth;
        })
        .map((entry) => `menu entry "${entry.textContent?.trim()}" is beyond the screen's edge`)
        .join('; ');
    },
    menu,
  );

export const WEB_SCREENS: WebScreen[] = [
  // Public
  { name: 'landing', viewer: 'visitor', path: '/' },
  { name: 'event-popup', viewer: 'newcomer', path: '/' },
  {
    name: 'header-drawer',
    viewer: 'visitor',
    path: '/faq',
    open: async (page, t) => {
      await clickButton(t.a11y.openMenu)(page);
      await drawerItemsShown(page);
    },
  },
  {
    name: 'language-menu',
    viewer: 'visitor',
    path: '/faq',
    open: async (page, t) => clickButton(new RegExp(`^${t.language.label}: `))(page),
  },
  {
    name: 'contact-alert',
    viewer: 'visitor',
    path: '/faq',
    open: async (page, t) => clickButton(t.footer.contact)(page),
  },
  { name: 'creator-search', viewer: 'visitor', path: '/creator-search' },
  { name: 'creator-page', viewer: 'visitor', path: (d) => `/creator/${d.creatorId}` },
  { name: 'creator-page-url', viewer: 'fan', path: (d) => `/${d.creatorUrl}` },
  { name: 'mission-detail', viewer: 'visitor', path: (d) => `/mission-detail/${d.missionId}` },
  { name: 'mission-detail-fan', viewer: 'fan', path: (d) => `/mission-detail/${d.missionId}` },
  // The escrow timeline of a mission still in progress, as its fan and as its creator see it.
  { name: 'mission-escrow-fan', viewer: 'fan', path: (d) => `/mission-detail/${d.waitingMissionId}` },
  { name: 'mission-escrow-creator', viewer: 'dancer', path: (d) => `/mission-detail/${d.waitingMissionId}` },
  // An application to the dancer's lottery event, as the event's creator sees it: the event's card links the event.
  { name: 'mission-detail-event', viewer: 'dancer', path: (d) => `/mission-detail/${d.eventMissionId}` },
  { name: 'browse-missions', viewer: 'visitor', path: '/browse-missions' },
  { name: 'faq', viewer: 'visitor', path: '/faq' },
  { name: 'legal-terms', viewer: 'visitor', path: '/provideterms' },
  { name: 'legal-privacy', viewer: 'visitor', path: '/privacyTerms' },
  { name: 'legal-operating', viewer: 'visitor', path: '/operating-policies' },
  {
    name: 'block-objection',
    viewer: 'visitor',
    path: '/block-objection',
    // With the validation messages showing.
    open: async (page, t) => {
      await page.getByRole('button', { name: t.blockObjection.submit }).click();
      await page.getByText(t.validation.required).first().waitFor();
    },
  },
  { name: 'legal-collect', viewer: 'visitor', path: '/collectterms' },
  { name: 'creator-sign-up', viewer: 'visitor', path: '/signup-for-creator' },
  { name: 'creator-account-number', viewer: 'visitor', path: '/get-creator-account-number' },
  { name: 'email-sent', viewer: 'visitor', path: '/email-sent?view=success-public-user' },
  { name: 'email-sent-forgot', viewer: 'visitor', path: '/email-sent/forgot-password-email' },
  { name: 'not-found', viewer: 'visitor', path: '/no/such/page' },
  { name: 'lottery-event', viewer: 'visitor', path: (d) => `/lottery-event/${d.lotteryEventId}` },
  { name: 'lottery-event-unknown', viewer: 'visitor', path: '/lottery-event/999999' },
  {
    name: 'lottery-apply',
    viewer: 'fan',
    path: (d) => `/lottery-event/${d.lotteryEventId}`,
    open: async (page, t) => {
      await page.getByRole('button', { name: t.lotteryEvent.apply, exact: true }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  // Logged out
  {
    name: 'login',
    viewer: 'visitor',
    path: '/login',
    open: async (page, t) => onOneLine(page, t.snsLogin.creatorSignUp),
  },
  { name: 'sns-login', viewer: 'visitor', path: '/sns-login' },
  { name: 'email-login', viewer: 'visitor', path: '/login?view=email' },
  { name: 'forgot-password', viewer: 'visitor', path: '/forgot-password' },
  { name: 'password-reset', viewer: 'visitor', path: '/password-reset#code=some-code' },
  { name: 'accept-terms', viewer: 'visitor', path: '/signup-accept-terms' },
  {
    name: 'accept-terms-modal',
    viewer: 'visitor',
    path: '/signup-accept-terms',
    open: async (page, t) => clickButton(`${t.terms.service} ${t.terms.detail}`)(page),
  },
  { name: 'sign-up', viewer: 'visitor', path: '/sign-up' },
  // Fan
  {
    name: 'my-page',
    viewer: 'fan',
    path: '/user-mypage',
    open: async (page, t) => badgeOnPicture(page, t.myPage.photoEdit),
  },
  {
    name: 'my-page-switch-modal',
    viewer: 'fan',
    path: '/user-mypage',
    open: async (page, t) => clickButton(t.myPage.changeToCreator)(page),
  },
  {
    name: 'fan-menu',
    viewer: 'fan',
    path: '/user-mypage',
    open: async (page, t) => clickButton(t.header.userMenu)(page),
  },
  { name: 'edit-profile', viewer: 'fan', path: '/edit-user-profile' },
  {
    name: 'account-deletion',
    viewer: 'fan',
    path: '/edit-user-profile',
    open: async (page, t) => clickButton(t.trust.deletion.open)(page),
  },
  {
    // Reached from the profile editor only (the e-mail travels in the navigation state).
    name: 'password-change',
    viewer: 'fan',
    path: '/edit-user-profile',
    open: async (page) => followLink(page, '/password-change'),
  },
  { name: 'notifications', viewer: 'fan', path: '/notifications' },
  { name: 'coin-history', viewer: 'fan', path: '/coin-history' },
  {
    name: 'coin-charge',
    viewer: 'fan',
    path: '/coin-history',
    open: async (page, t) => clickButton(t.coinHistory.charge)(page),
  },
  {
    name: 'mission-request',
    viewer: 'fan',
    path: (d) => `/creator/${d.creatorId}`,
    open: async (page, t) => {
      // The first product card (an innermost section with a request button): select it, then request.
      const product = page
        .locator('section:not(:has(section))')
        .filter({ has: page.getByRole('button', { name: t.creatorPage.request }) })
        .first();
      await product.getByRole('button').first().click();
      await product.getByRole('button', { name: t.creatorPage.request }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'partial-refund',
    viewer: 'fan',
    path: '/coin-history',
    open: async (page, t) => clickButton(t.coinRefunds.partialRefund)(page),
  },
  {
    name: 'charge-withdrawal',
    viewer: 'fan',
    path: '/coin-history',
    open: async (page, t) => clickButton(t.coinRefunds.withdraw)(page),
  },
  { name: 'my-coins', viewer: 'fan', path: '/my-coins' },
  { name: 'my-rolls', viewer: 'fan', path: '/my-rolls' },
  { name: 'creator-registration', viewer: 'fan', path: '/creator-registration' },
  // Creators
  { name: 'newbie-creator', viewer: 'newbie', path: '/newbie-creator-mypage' },
  { name: 'edit-creator-profile', viewer: 'creator', path: '/edit-creator-profile' },
  {
    name: 'photo-editor',
    viewer: 'creator',
    path: '/edit-creator-profile',
    open: async (page, t) => clickButton(t.creatorStudio.profile.photoUpload)(page),
  },
  { name: 'mission-management', viewer: 'creator', path: '/mission-management' },
  { name: 'mission-management-basic', viewer: 'creator', path: '/mission-management/normal' },
  {
    name: 'product-register',
    viewer: 'creator',
    path: '/mission-management/normal',
    open: async (page, t) => clickButton(t.creatorStudio.missions.products.register)(page),
  },
  {
    name: 'product-inactivate',
    viewer: 'creator',
    path: '/mission-management/normal',
    open: async (page, t) => clickButton(t.creatorStudio.missions.products.inactivate)(page),
  },
  { name: 'mission-management-lucky', viewer: 'creator', path: '/mission-management/lucky' },
  {
    name: 'lucky-product-register',
    viewer: 'creator',
    path: '/mission-management/lucky',
    open: async (page, t) => clickButton(t.creatorStudio.missions.products.register)(page),
  },
  { name: 'mission-list-normal', viewer: 'creator', path: '/mission-management/list/normal' },
  {
    // The fan's accepted mission, opened from its row with the keyboard's way in (its title): the perform dialog.
    name: 'mission-perform',
    viewer: 'dancer',
    path: '/mission-management/list/normal',
    open: async (page, _t, data) => clickButton(data.waitingMissionProduct)(page),
  },
  {
    name: 'mission-list-complete',
    viewer: 'creator',
    path: '/mission-management/list/complete',
    open: async (page, t) => menuEntriesShown(page, t.creatorStudio.missions.title),
  },
  { name: 'event-management', viewer: 'creator', path: '/mission-management/lottery-event' },
  { name: 'mission-management-capacity', viewer: 'creator', path: '/mission-management/capacity' },
  {
    name: 'event-register',
    viewer: 'creator',
    path: '/mission-management/lottery-event',
    open: async (page, t) => clickButton(t.eventManagement.list.register)(page),
  },
  {
    name: 'event-modal',
    viewer: 'dancer',
    path: '/mission-management/lottery-event',
    open: async (page) => clickButton(LOTTERY_EVENT_TITLE)(page),
  },
  {
    name: 'event-cancel',
    viewer: 'dancer',
    path: '/mission-management/lottery-event',
    open: async (page, t) => {
      await clickButton(LOTTERY_EVENT_TITLE)(page);
      await page.getByRole('dialog').getByRole('button', { name: t.eventManagement.detail.cancelEvent }).click();
      // The event's modal stays open under it (hidden from the accessibility tree while the other is open).
      await page.locator('[role="dialog"]').nth(1).waitFor();
    },
  },
  {
    // Reached from the event's modal only (the event travels in the navigation state).
    name: 'event-detail',
    viewer: 'dancer',
    path: '/mission-management/lottery-event',
    open: async (page, t) => {
      await clickButton(LOTTERY_EVENT_TITLE)(page);
      await page.getByRole('button', { name: t.eventManagement.detail.viewApplicants }).click();
      await page.waitForURL(/\/mission-management\/lottery-event\/\d+$/);
    },
  },
  { name: 'income', viewer: 'creator', path: '/adjustment-page' },
  {
    name: 'bank-account',
    viewer: 'creator',
    path: '/edit-creator-profile',
    open: async (page) => followLink(page, '/bank-account-change'),
  },
];

/** The screen of `WEB_SCREENS` named `name`, as another viewer sees it, under a name of its own. */
function seenBy(name: string, viewer: Viewer, as: string): WebScreen {
  const screen = WEB_SCREENS.find((entry) => entry.name === name);
  if (!screen) throw new Error(`no screen ${name}`);
  return { ...screen, name: as, viewer };
}

/**
 * The screens as members a new user makes see them (no picture, a long Latin name, a creator without a URL): the
 * `newFan` (a name of 60+ letters without a space) and the `newCreator` (a name of 60+ characters with spaces), first
 * with no missions at all (`empty`: every list empty), then with one mission of the fan for the creator in each state
 * (`missions`: the lists, the cards and each mission's page).
 */
export const NEW_MEMBER_SCREENS: { empty: WebScreen[]; missions: WebScreen[] } = {
  empty: [
    seenBy('landing', 'newFan', 'new-fan-landing'),
    seenBy('my-page', 'newFan', 'new-fan-my-page'),
    seenBy('fan-menu', 'newFan', 'new-fan-menu'),
    seenBy('edit-profile', 'newFan', 'new-fan-edit-profile'),
    seenBy('notifications', 'newFan', 'new-fan-notifications'),
    seenBy('coin-history', 'newFan', 'new-fan-coin-history'),
    seenBy('my-coins', 'newFan', 'new-fan-my-coins'),
    seenBy('my-rolls', 'newFan', 'new-fan-my-rolls'),
    { name: 'new-creator-page', viewer: 'newCreator', path: (d) => `/creator/${d.newCreatorId}` },
    seenBy('edit-creator-profile', 'newCreator', 'new-creator-edit-profile'),
    seenBy('mission-management', 'newCreator', 'new-creator-mission-management'),
    seenBy('mission-list-normal', 'newCreator', 'new-creator-mission-list'),
    seenBy('mission-list-complete', 'newCreator', 'new-creator-mission-list-complete'),
    seenBy('event-management', 'newCreator', 'new-creator-event-management'),
    seenBy('income', 'newCreator', 'new-creator-income'),
  ],
  missions: [
    seenBy('my-page', 'newFan', 'new-fan-my-page-missions'),
    ...NEW_MISSION_STATES.map((state): WebScreen => ({
      name: `new-fan-mission-${state.toLowerCase()}`,
      viewer: 'newFan',
      path: (d) => `/mission-detail/${d.newMissions[state]}`,
    })),
    { name: 'new-fan-creator-page', viewer: 'newFan', path: (d) => `/creator/${d.newCreatorId}` },
    seenBy('browse-missions', 'newFan', 'new-fan-browse-missions'),
    seenBy('mission-list-normal', 'newCreator', 'new-creator-mission-list-missions'),
    seenBy('mission-list-complete', 'newCreator', 'new-creator-mission-list-complete-missions'),
    {
      name: 'new-creator-mission-requested',
      viewer: 'newCreator',
      path: (d) => `/mission-detail/${d.newMissions.REQUESTED}`,
    },
    {
      name: 'new-creator-mission-accepted',
      viewer: 'newCreator',
      path: (d) => `/mission-detail/${d.newMissions.ACCEPTED}`,
    },
  ],
};
