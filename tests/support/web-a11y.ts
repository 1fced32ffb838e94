// The checks of the phones-and-accessibility pass, shared by tests/support/web-a11y-suite.ts (every screen of
// tests/support/web-routes.ts) and the journeys that reach a dialog only after a set-up of their own
// (`expectAccessibleDialog`: the lucky roulette, a refused refund's correction, the comment win, a request's decision).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request, ViewportSize } from 'playwright-core';
import { expect } from 'vitest';
import { ACTION_TIMEOUT_MS, SCREENSHOT_DIR, SCREENSHOTS_SAVED, screenshot } from '../harness/browser';

export const PHONE: ViewportSize = { width: 360, height: 800 };
export const WIDE_PHONE: ViewportSize = { width: 390, height: 844 };
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Waits until the screen has loaded its data and its transitions (dialogs, menus) have finished. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('main, [role="dialog"], [role="menu"]') !== null &&
      document.querySelector('.page-loading, .MuiSkeleton-root, .MuiCircularProgress-root') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    // Checked every 100 ms, not on every animation frame: a frame-by-frame check has Chromium draw frames for as long
    // as it waits.
    { timeout: 3 * ACTION_TIMEOUT_MS, polling: 100 },
  );
}

/** Requests in flight per page (`trackRequests`), for waiting on a screen that the app opened without a page load. */
const requestsInFlight = new WeakMap<Page, { count: number; changedAt: number }>();

/** Counts `page`'s requests in flight from now on, for `navigateInApp`. */
export function trackRequests(page: Page): void {
  const state = { count: 0, changedAt: performance.now() };
  requestsInFlight.set(page, state);
  // A live stream (the header's unread count) stays open while the page is: like a load's `networkidle`, the wait
  // leaves it out.
  const change = (delta: number) => (request: Request) => {
    if (request.resourceType() === 'eventsource') return;
    state.count += delta;
    state.changedAt = performance.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/** The quiet a page load's `networkidle` waits for: no request in flight for this long. */
const NETWORK_QUIET_MS = 500;

/**
 * Opens `path` in a page that shows the app (and whose requests `trackRequests` counts) as the app's own links do: a
 * history entry and the popstate the router listens to, so that the screen renders without the app loading again (a
 * page load costs Chromium more CPU than most screens' checks). Then waits, as a load's `networkidle` does, until no
 * request has been in flight for a moment, with the page scrolled to its top; `settle` follows.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const state = requestsInFlight.get(page);
  if (!state) throw new Error('navigateInApp needs a page whose requests trackRequests counts');
  await page.evaluate(async (to) => {
    const previous = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState({ usr: null, key: 'sweep', idx: (previous.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    // The router renders the new screen in a task of its own; its requests start once it has.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    window.scrollTo(0, 0);
  }, path);
  const deadline = performance.now() + 3 * ACTION_TIMEOUT_MS;
  while (state.count > 0 || performance.now() - state.changedAt < NETWORK_QUIET_MS) {
    if (performance.now() > deadline) throw new Error(`${path}: requests still in flight after navigating in the app`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Serious and critical axe-core violations, one line each (rule, impact, the first elements). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 4)
          .map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}

/**
 * What sticks out at this width: elements wider than the viewport (outside boxes that scroll on their own), and
 * header items whose text runs over two lines or that left the header's row.
 */
export function measureLayout(): { overflow: string[]; header: string[]; dialogs: string[] } {
  const root = document.documentElement;
  const width = root.clientWidth;
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
      typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : ''
    } "${(element.textContent ?? '').trim().slice(0, 30)}"`;
  const overflow: string[] = [];
  if (root.scrollWidth > width + 1) {
    const scrolls = (element: Element) => {
      for (
        let node: Element | null = element.parentElement;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const style = getComputedStyle(node);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1 && !scrolls(element);
    });
    overflow.push(`page is ${root.scrollWidth}px wide at ${width}px`, ...culprits.slice(0, 5).map(describe));
  }
  const header: string[] = [];
  const bar = document.querySelector('.app-header-inner');
  if (bar) {
    const items = [...bar.children].filter((item) => (item as HTMLElement).offsetParent !== null);
    const barBox = bar.getBoundingClientRect();
    for (const item of items) {
      const box = item.getBoundingClientRect();
      // The lines of its text only (an element inside, a round avatar or an icon, has a box of its own at another
      // top), by the middle of each piece of text: a name beside an avatar's initials sits on the same line.
      const middles: number[] = [];
      const texts = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!(node.textContent ?? '').trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.height > 0) middles.push((rect.top + rect.bottom) / 2);
      }
      middles.sort((a, b) => a - b);
      const lines = middles.filter((middle, index) => index === 0 || middle - middles[index - 1]! > 8).length;
      if (lines > 1) header.push(`${describe(item)} wraps over ${lines} lines`);
      if (box.top < barBox.top - 1 || box.bottom > barBox.bottom + 1 || box.right > width + 1) {
        header.push(`${describe(item)} leaves the header's row`);
      }
    }
    if (barBox.height > 72) header.push(`the header is ${barBox.height}px high`);
  }
  // A table column squeezed so narrow that its words break, a letter or two a line (unreadable, though nothing
  // overflows); short words a line each (Korean) are fine.
  for (const cell of document.querySelectorAll('td, th')) {
    const text = (cell.textContent ?? '').replace(/\s+/g, '');
    if (text.length < 6) continue;
    // The lines of its text (the boxes of elements inside, a caption's block, would count as lines of their own).
    const tops: number[] = [];
    const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.height > 0) tops.push(rect.top);
    }
    tops.sort((a, b) => a - b);
    const lines = tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 4).length;
    const words = (cell.textContent ?? '').trim().split(/\s+/).length;
    if (lines > words && text.length / lines < 4) overflow.push(`${describe(cell)} runs over ${lines} lines`);
  }
  // A cell whose content is wider than its column (a fixed-layout table's share narrower than a word, a picture or a
  // date) draws over the next column or is cut by the table's box, though the page itself is not wider.
  for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
    if (cell.clientWidth > 0 && cell.scrollWidth > cell.clientWidth + 1) {
      overflow.push(`${describe(cell)} is ${cell.scrollWidth}px wide in a ${cell.clientWidth}px column`);
    }
  }
  // An open dialog fits the screen, so its actions are on it or in its own scrolling content (not beyond the page).
  const dialogs: string[] = [];
  for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
    const box = dialog.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.left < -1 || box.top < -1 || box.right > width + 1 || box.bottom > window.innerHeight + 1) {
      dialogs.push(
        `${describe(dialog)} is ${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.left)},${Math.round(box.top)}`,
      );
    }
  }
  // The topmost dialog's buttons and links can be reached: on the screen (within its width, not under something else)
  // or inside a box of the dialog that scrolls vertically (its content), never beyond the page's edge.
  const topmost = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')]
    .filter((dialog) => dialog.getBoundingClientRect().height > 0)
    .at(-1);
  for (const control of topmost?.querySelectorAll<HTMLElement>('button, a[href]') ?? []) {
    const rect = control.getBoundingClientRect();
    if (control.offsetParent === null || rect.width === 0 || rect.height === 0) continue;
    let clip: DOMRect | null = null;
    for (let node = control.parentElement; node && node !== topmost; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (['auto', 'scroll'].includes(style.overflowY) && node.scrollHeight > node.clientHeight + 1) {
        clip = node.getBoundingClientRect();
        break;
      }
    }
    if (rect.left < -1 || rect.right > width + 1) {
      dialogs.push(`${describe(control)} sticks out sideways (${Math.round(rect.left)}-${Math.round(rect.right)})`);
      continue;
    }
    const shown = clip
      ? { top: Math.max(clip.top, 0), bottom: Math.min(clip.bottom, window.innerHeight) }
      : { top: 0, bottom: window.innerHeight };
    const middle = rect.top + rect.height / 2;
    if (middle < shown.top || middle > shown.bottom) {
      // Scrolled away inside the dialog's content is fine; beyond the screen with nothing to scroll is not.
      if (!clip) dialogs.push(`${describe(control)} is off the screen at ${Math.round(rect.top)}px`);
      continue;
    }
    if (control.matches(':disabled, [aria-disabled="true"], .Mui-disabled')) continue;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, middle);
    if (!hit || !control.contains(hit)) {
      dialogs.push(`${describe(control)} is under ${hit ? describe(hit) : 'nothing'}`);
    }
  }
  return { overflow, header, dialogs };
}

/**
 * The links and buttons of the header and the main content smaller than 24 × 24 px (WCAG 2.2 2.5.8, without its
 * spacing exception: a phone's finger needs the size itself), each with its size. Left out: what is not shown (no box,
 * `visibility: hidden`, moved off the page like the skip link until it is focused), what a tap passes through
 * (`pointer-events: none`: a select's native input under its field), a link inside a sentence (the
 * criterion's inline exception: its size is the line's), and an input inside its label (the label takes the tap).
 */
export function smallTargets(): string[] {
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
      typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : ''
    } "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const selector = 'a[href], button, [role="button"], [role="link"], [role="tab"], input:not([type="hidden"])';
  const inSentence = (element: Element) => {
    if (getComputedStyle(element).display !== 'inline') return false;
    const parent = element.parentElement;
    if (!parent) return false;
    return [...parent.childNodes].some(
      (node) => node !== element && node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
    );
  };
  const small: string[] = [];
  const areas = document.querySelectorAll('header, main');
  for (const area of areas) {
    for (const target of area.querySelectorAll<HTMLElement>(selector)) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom + window.scrollY < 0) continue;
      const style = getComputedStyle(target);
      // Not a target: a tap passes through it (a select's native input, hidden under the field that takes the tap).
      if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
      if (inSentence(target)) continue;
      // A native input inside its label: the label is the target a tap reaches.
      if (target.tagName === 'INPUT' && target.closest('label')) continue;
      if (box.width < 23.5 || box.height < 23.5) {
        small.push(`${describe(target)} is ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
  }
  return small;
}

/**
 * The dialog or menu a screen opened, with the keyboard: Tab keeps the focus inside a dialog (a menu closes on Tab, as
 * menus do, so only Escape is tried there), Escape closes it, and the focus goes back to the control that opened it
 * (the last one clicked, recorded by `recordOpener`). Returns what went wrong; nothing when no dialog is open.
 */
export async function dialogKeyboard(page: Page): Promise<string[]> {
  const kind = await page.evaluate(() => {
    const open = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], [role="menu"]')]
      .filter((node) => node.getBoundingClientRect().height > 0)
      .at(-1);
    if (!open) return null;
    open.setAttribute('data-a11y-probe', '');
    return open.getAttribute('role');
  });
  if (!kind) return [];
  const problems: string[] = [];
  const inside = () =>
    page.evaluate(() => !!document.querySelector('[data-a11y-probe]')?.contains(document.activeElement));
  if (kind !== 'menu') {
    if (!(await inside())) problems.push('the focus is not in the open dialog');
    for (let press = 0; press < 10; press += 1) {
      await page.keyboard.press(press % 4 === 3 ? 'Shift+Tab' : 'Tab');
      if (!(await inside())) {
        problems.push(`Tab ${press + 1} left the dialog for ${await focusedName(page)}`);
        break;
      }
    }
  }
  await page.keyboard.press('Escape');
  const closed = await page
    .waitForFunction(() => document.querySelector('[data-a11y-probe]') === null, undefined, {
      timeout: ACTION_TIMEOUT_MS,
    })
    .then(
      () => true,
      () => false,
    );
  if (!closed) return [...problems, `Escape left the ${kind} open`];
  const returned = await page
    .waitForFunction(
      () => {
        const opener = (window as unknown as { __a11yOpener?: Element }).__a11yOpener;
        return !opener || !opener.isConnected || opener === document.activeElement;
      },
      undefined,
      { timeout: ACTION_TIMEOUT_MS },
    )
    .then(
      () => true,
      () => false,
    );
  if (!returned) problems.push(`the focus went to ${(await focusedName(page)) || 'the page'}, not back to the opener`);
  return problems;
}

/** Remembers the control the next click lands on (the opener of a dialog or menu). */
export async function recordOpener(page: Page): Promise<void> {
  await page.evaluate(() => {
    const holder = window as unknown as { __a11yOpener?: Element };
    delete holder.__a11yOpener;
    document.addEventListener(
      'click',
      (event) => {
        const target = (event.target as Element | null)?.closest('button, a, [role="button"], [tabindex]');
        if (target) holder.__a11yOpener = target;
      },
      { capture: true },
    );
  });
}

/** The accessible name of the focused element, roughly: aria-label, its label, else its text. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    // A box focusable only to scroll it with the keyboard (a dialog's content, a wide table) has no name of its own:
    // its text is everything inside it.
    if (!element.getAttribute('role') && ['DIV', 'SECTION', 'MAIN'].includes(element.tagName)) return '(scroll box)';
    const labelled = element.getAttribute('aria-labelledby');
    const byId = labelled
      ? labelled
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const labels = (element as HTMLInputElement).labels;
    return (
      element.getAttribute('aria-label') ??
      (byId ||
        (labels && labels.length > 0 ? [...labels].map((label) => label.textContent).join(' ') : '') ||
        (element.textContent ?? ''))
    )
      .replace(/\s+/g, ' ')
      .trim();
  });
}

/**
 * Saves what the phone shows under tests/artifacts/screenshots/<name>.png: the whole page, or only the screen while a
 * dialog or a menu is open (a full-page picture draws the fixed dialog and the sticky header at the scroll position,
 * in the middle of a page that is not dimmed below the screen's height).
 */
export async function screenshotScreen(page: Page, name: string): Promise<string> {
  const overlay = await page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')].some(
      (node) => node.getBoundingClientRect().height > 0,
    ),
  );
  if (!overlay) return screenshot(page, name);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!SCREENSHOTS_SAVED) return file;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file });
  return file;
}

/**
 * Opens a dialog with `open` (a click, as a user would) on a page that shows its screen, at 360 px, and checks it as
 * the per-screen pass does: no serious or critical axe-core violation, nothing wider than the screen, the dialog and
 * its buttons on the screen, `<html lang>` the page's language, the focus trapped in it, Escape closing it and the
 * focus back on its opener. The screenshot lands in tests/artifacts/screenshots/web-a11y-<name>-<language>.png. The
 * dialog is closed afterwards.
 */
export async function expectAccessibleDialog(
  page: Page,
  dialog: {
    name: string;
    language: string;
    open: () => Promise<void>;
  },
): Promise<void> {
  await page.setViewportSize(PHONE);
  await settle(page);
  await recordOpener(page);
  await dialog.open();
  await settle(page);
  const layout = await page.evaluate(measureLayout);
  const axe = await axeViolations(page);
  await screenshotScreen(page, `web-a11y-${dialog.name}-${dialog.language}`);
  await page.setViewportSize(WIDE_PHONE);
  const at390 = await page.evaluate(measureLayout);
  await page.setViewportSize(PHONE);
  const lang = await page.evaluate(() => document.documentElement.lang);
  const opened = await page.evaluate(() => document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length);
  const keyboard = await dialogKeyboard(page);
  expect({
    dialog: dialog.name,
    opened: opened > 0,
    axe,
    ...layout,
    at390: [...at390.overflow, ...at390.header, ...at390.dialogs],
    lang,
    keyboard,
  }).toEqual({
    dialog: dialog.name,
    opened: true,
    axe: [],
    overflow: [],
    header: [],
    dialogs: [],
    at390: [],
    lang: dialog.language,
    keyboard: [],
  });
}
