// Verified payout accounts in the browsers, over the real API and the sandbox holder look-up: the creator's payout
// account page in each state of the check (verified, checking, no verified name, another holder, no such account, a
// bank that does not answer), his past incomes with a statement held for its account's holder, and finance's
// statement page naming the hold's reason and the account change (old → new). Screenshots in ko at 1280 and 360 px
// (and the mismatch in en and ja): tests/artifacts/screenshots/web-payout-*.png, admin-payout-*.png.
import { koreaMonthOf, previousMonth } from '@fanmission/contracts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { collectPageErrors, creatorSession, sessionState } from '../support/browser';
import { storeConsoleSession } from '../support/console';
import { AXE_TAGS } from '../support/web-a11y';
import { createIncomeCreator, releasedMission, type IncomeCreator } from '../support/income';

const ko = resources.ko.translation;
const STATES = ['VERIFIED', 'PENDING', 'NO_VERIFIED_NAME', 'MISMATCH', 'ACCOUNT_NOT_FOUND', 'BANK_TIMEOUT'] as const;
type State = (typeof STATES)[number];

/** The check's status behind each message the page shows. */
const STATUS_OF: Record<State, string> = {
  VERIFIED: 'VERIFIED',
  PENDING: 'UNVERIFIED',
  NO_VERIFIED_NAME: 'UNVERIFIED',
  MISMATCH: 'MISMATCH',
  ACCOUNT_NOT_FOUND: 'FAILED',
  BANK_TIMEOUT: 'FAILED',
};

/** The account each creator sets, by the sandbox's test numbers (docs/configuration.md). */
const NUMBERS: Record<Exclude<State, 'PENDING'>, string> = {
  VERIFIED: '3333020001234',
  NO_VERIFIED_NAME: '3333020005678',
  MISMATCH: '3333020007777',
  ACCOUNT_NOT_FOUND: '3333020000000',
  BANK_TIMEOUT: '3333020000408',
};

/** The serious and critical accessibility violations axe finds on the page (none wanted). */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

describe('verified payout accounts on screen', () => {
  const served = useServedApp();
  const browser = useBrowser();
  const url = (pathname: string) => `${served.baseUrl}${pathname}`;
  const creators = new Map<State, IncomeCreator>();
  /** Was paid to an account in another person's name, then set one of his own. */
  let payee: IncomeCreator;
  let finance: TestAccount;
  let statementId: number;
  const last = (() => {
    const now = koreaMonthOf(new Date());
    return previousMonth(now.year, now.month);
  })();

  async function setAccount(creator: IncomeCreator, number: string) {
    const response = await served.testApp.app.inject({
      method: 'PUT',
      url: `/api/v1/creators/${creator.creatorId}`,
      headers: creator.headers,
      payload: {
        bankName: '카카오뱅크',
        bankAccountHolder: '홍길동',
        bankAccountNumber: number,
        currentPassword: creator.password,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A page whose context starts with the creator's session (no page of the app loaded to write it). */
  async function open(creator: IncomeCreator, language: string, width: number) {
    const storageState = sessionState(served.baseUrl, { ...creatorSession(creator), lang: language });
    const page = await browser.newPage({ viewport: { width, height: 900 }, storageState });
    return { page, errors: collectPageErrors(page) };
  }

  async function shot(page: Page, name: string) {
    await screenshot(page, name);
  }

  beforeAll(async () => {
    const app = served.testApp.app;
    finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    for (const state of STATES) {
      // His identity check verified 홍길동; the pending one's check is queued, not done.
      // The one without a verified name has no registered business either (its registered name would be compared).
      const creator = await createIncomeCreator(
        app,
        state === 'PENDING'
          ? { verification: 'UNVERIFIED' }
          : state === 'NO_VERIFIED_NAME'
            ? { businessType: 'NONE' }
            : {},
      );
      if (state === 'NO_VERIFIED_NAME') {
        await app.db.updateTable('users').set({ identity_name_hmac: null }).where('id', '=', creator.id).execute();
      }
      if (state !== 'PENDING') await setAccount(creator, NUMBERS[state]);
      creators.set(state, creator);
    }
    // The payee's last month is settled while his account is in another person's name.
    payee = await createIncomeCreator(app);
    await setAccount(payee, NUMBERS.MISMATCH);
    await releasedMission(app.db, {
      creatorId: payee.creatorId,
      coins: 800,
      at: new Date(Date.UTC(last.year, last.month - 1, 12)),
      productName: '생일 축하 영상',
    });
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: finance.headers,
      payload: last,
    });
    expect(run.statusCode, run.body).toBe(200);
    statementId = (
      await app.db
        .selectFrom('settlement_statements')
        .select('id')
        .where('creator_id', '=', payee.creatorId)
        .executeTakeFirstOrThrow()
    ).id;
    // Then he sets an account of his own: the statement still pays the one it was issued with.
    await setAccount(payee, '3333020009999');
  });

  test('the payout account page shows each state of the holder check, at 1280 and 360 px', async () => {
    for (const language of ['en', 'ja'] as const) {
      const { page } = await open(creators.get('MISMATCH')!, language, 1280);
      await page.goto(url('/bank-account-change'));
      await page.getByTestId('payout-account-check').waitFor();
      await shot(page, `web-payout-account-mismatch-${language}.png`);
      await page.close();
    }
    for (const state of STATES) {
      const creator = creators.get(state)!;
      for (const width of [1280, 360]) {
        const { page, errors } = await open(creator, 'ko', width);
        await page.goto(url('/bank-account-change'));
        const check = page.getByTestId('payout-account-check');
        await expect.poll(() => check.getAttribute('data-status')).toBe(STATUS_OF[state]);
        const holder = state === 'MISMATCH' ? '김다름' : '홍길동';
        expect(await check.textContent()).toContain(ko.creatorStudio.bank.check[state].replace('{{holder}}', holder));
        if (width === 360) {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        }
        await shot(page, `web-payout-account-${state.toLowerCase()}-ko${width === 360 ? '-360' : ''}.png`);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  }, 240_000);

  test('a statement held for its account’s holder: the creator’s past incomes and finance’s statement page', async () => {
    const creator = payee;
    for (const width of [1280, 360]) {
      const { page, errors } = await open(creator, 'ko', width);
      await page.goto(url('/adjustment-page?tab=past'));
      const row = page.getByTestId('income-statement-row').first();
      await row.getByText(ko.income.status.HELD).waitFor();
      await row.getByText(ko.income.hold.ACCOUNT_MISMATCH).waitFor();
      await shot(page, `web-payout-income-held-ko${width === 360 ? '-360' : ''}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(url('/adjustment-page'));
      await page.getByTestId('month-summary').waitFor();
      await shot(page, `web-payout-income-current-ko${width === 360 ? '-360' : ''}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
    for (const language of ['en', 'ja'] as const) {
      const { page } = await open(creator, language, 1280);
      await page.goto(url('/adjustment-page?tab=past'));
      await page.getByTestId('income-hold-reason').first().waitFor();
      await shot(page, `web-payout-income-held-${language}.png`);
      await page.close();
    }

    for (const width of [1280, 360]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors = collectPageErrors(page);
      // Finance's stored console session: the login form is not this file's subject.
      await storeConsoleSession(page, served.baseUrl, finance);
      await page.goto(url(`/admin/settlements/${statementId}/show`));
      const notice = page.getByTestId('statement-hold-notice');
      await notice.waitFor({ state: 'visible' });
      expect(await notice.textContent()).toContain('은행 확인: 김다름');
      await page.getByText(consoleKo.console.settlements.heldFor.ACCOUNT_MISMATCH).first().waitFor();
      // The account it pays is not his current one any more: old → new, masked.
      await page.getByText(/카카오뱅크 \*\*\*\*7777 · 홍길동 → 카카오뱅크 \*\*\*\*9999 · 홍길동/).waitFor();
      await shot(page, `admin-payout-statement-held-ko${width === 360 ? '-360' : ''}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      const filter = encodeURIComponent(JSON.stringify({ ...last, held: true }));
      await page.goto(url(`/admin/settlements?filter=${filter}`));
      await page.locator('tbody tr').getByText(consoleKo.console.settlements.heldFor.ACCOUNT_MISMATCH).waitFor();
      await shot(page, `admin-payout-statements-held-ko${width === 360 ? '-360' : ''}.png`);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 240_000);
});
