// The age gate of an adult-flagged creator, in ko, over the real API with the sandbox identity check: a visitor opens
// the creator's page and meets the gate, logs in and comes back to it, runs the adult verification in the sandbox as
// an adult and sees the page (and "성인 인증 완료" on My page); a minor's verification is refused with the server's
// message and the gate stays. The gate is checked with axe-core at 1280 and 360 px (nothing wider than the phone).
// Screenshots: tests/artifacts/screenshots/web-adult-gate-<screen>-ko.png.
import type { Page } from 'playwright-core';
import { kstDate } from '@fanmission/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { fanSession, useWebPages } from '../support/browser';
import { axeViolations, measureLayout } from '../support/web-a11y';

const ko = resources.ko.translation;
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

/** A birth date `years` years before today in Korea. */
function bornYearsAgo(years: number): string {
  const today = new Date(`${kstDate(new Date())}T00:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  return today.toISOString().slice(0, 10);
}

describe('web app: the age gate of an adult-flagged creator (ko)', () => {
  const served = useServedApp();
  const { openPage, screenshot } = useWebPages(served, 'web-adult-gate');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  let night: TestCreator;
  let adult: TestAccount;
  let minor: TestAccount;
  let missionId: number;

  beforeAll(async () => {
    const app = served.testApp.app;
    night = await createCreator(app, { name: `Night ${suffix}`, url: `night${suffix}`, adult: true });
    const product = await registerProduct(app, night, { type: 'BASIC', name: 'Whisper' });
    adult = await createAccount(app, { username: `grownup${suffix}` });
    minor = await createAccount(app, { username: `teen${suffix}` });
    missionId = (await insertMission(app, product, { user_id: adult.id, status: 'COMPLETED' })).id;
  });

  /** The screen at 1280 and 360 px: no serious axe-core violation, nothing wider than the phone; back at 1280. */
  async function bothWidths(page: Page, name: string) {
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `${name}-1280`, 'ko');
    expect(await axeViolations(page), name).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, `${name}-360`, 'ko');
    expect(await axeViolations(page), name).toEqual([]);
    expect((await page.evaluate(measureLayout)).overflow, name).toEqual([]);
    await page.setViewportSize(DESKTOP);
  }

  /** On the gate: 성인 인증 → the sandbox's check with that birth date → back on the page. */
  async function verifyInSandbox(page: Page, birthDate: string, screenshotName?: string) {
    await page.getByRole('button', { name: ko.adultGate.verify }).click();
    await page.waitForURL((current) => current.pathname.startsWith('/api/v1/identity-verification/sandbox/'));
    await page.getByRole('heading', { name: '테스트 본인인증' }).waitFor();
    await page.getByLabel('생년월일').fill(birthDate);
    if (screenshotName) await screenshot(page, screenshotName, 'ko');
    await page.getByRole('button', { name: '인증 완료' }).click();
    await page.waitForURL((current) => current.pathname === `/night${suffix}`);
  }

  test('visitor → gate → login back to the gate → verified as an adult in the sandbox → the page', async () => {
    const { page, errors } = await openPage('ko');
    await page.goto(url(`/night${suffix}`));
    await page.getByRole('heading', { level: 1, name: ko.adultGate.title }).waitFor();
    await page.getByText(ko.adultGate.loginBody).waitFor();
    expect(await page.getByText(`Night ${suffix}`).count()).toBe(0);
    await bothWidths(page, 'gate-visitor');

    // His missions' pages are gated too.
    await page.goto(url(`/mission-detail/${missionId}`));
    await page.getByRole('heading', { level: 1, name: ko.adultGate.title }).waitFor();
    await page.goto(url(`/night${suffix}`));

    await page.getByRole('button', { name: ko.adultGate.login }).click();
    await page.waitForURL((current) => current.pathname === '/login');
    await page.getByRole('link', { name: ko.snsLogin.emailLogin }).click();
    await page.getByRole('textbox', { name: ko.login.email }).fill(adult.email);
    await page.getByLabel(ko.login.password).fill(adult.password);
    await page.getByRole('button', { name: ko.login.submit, exact: true }).click();
    // Back on the creator's page, which still shows the gate: now the adult verification.
    await page.waitForURL((current) => current.pathname === `/night${suffix}`);
    await page.getByText(ko.adultGate.verifyBody).waitFor();
    await bothWidths(page, 'gate-member');

    await verifyInSandbox(page, bornYearsAgo(30), 'sandbox-check');
    await page.getByRole('heading', { name: `Night ${suffix}` }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    // The page says what it is: the 19 mark beside the creator's name.
    await page.getByRole('img', { name: ko.adultGate.badge }).waitFor();
    await bothWidths(page, 'creator-page-verified');

    await page.goto(url('/user-mypage'));
    await page.getByText(ko.adultGate.verified).waitFor();
    await screenshot(page, 'my-page-verified', 'ko');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a minor’s verification is refused with the server’s message, and the gate stays', async () => {
    const { page, errors } = await openPage('ko', fanSession(minor));
    await page.goto(url(`/night${suffix}`));
    await page.getByText(ko.adultGate.verifyBody).waitFor();
    await verifyInSandbox(page, bornYearsAgo(17));
    await page.getByRole('alert').filter({ hasText: '만 19세 미만은 성인 인증을 할 수 없습니다.' }).waitFor();
    expect(await page.getByText(`Night ${suffix}`).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await bothWidths(page, 'gate-minor');
    const me = await served.testApp.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: minor.headers });
    expect(me.json<{ adultVerifiedAt: string | null }>().adultVerifiedAt).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});
