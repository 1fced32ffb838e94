// The terms journey in Korean, in a real Chromium against the real API serving the built web app and console: an
// operator publishes a new version of the service terms from the console, every member is told (the notice's
// background run: a notification and a mail through SMTP), the legal page shows the next version; once its effective
// date has come (the app's clock is moved past it: `now` of the served app, as other suites move time) a member
// signing in is asked to accept it, accepts, and the acceptance is recorded; another refuses and closes his account
// through the account deletion path. Screenshots at 1280 and 360 px: the legal page, the consent dialog, the console.
import { DAY_MS, koreaDate } from '@fanmission/contracts';
import { createSmtpMailer, type Mailer } from '@fanmission/services/mail';
import { startTermsNoticeSender } from '@fanmission/services/terms';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { startSmtpServer, type SmtpTestServer } from '../harness/smtp';
import { collectPageErrors, DESKTOP, screenshot, sessionState, untilStill, useBrowser } from '../support/browser';
import { openConsoleAs } from '../support/console';
import { axeViolations } from '../support/web-a11y';

const ko = resources.ko.translation;
const PHONE = { width: 360, height: 780 };

// The app's clock: the real time until the journey moves it past the new version's effective date.
const clock = { now: new Date() };
let smtp: SmtpTestServer;
let smtpMailer: Mailer | undefined;
/** The app's mail through the test SMTP listener (started before the app, in the first hook). */
const mailer: Mailer = {
  send: (mail) => {
    smtpMailer ??= createSmtpMailer({ smtpUrl: smtp.url, from: 'Fanmission <no-reply@fanmission.local>' });
    return smtpMailer.send(mail);
  },
  close: async () => smtpMailer?.close(),
};

/** The first Korea-time day whose start is at least `days` days after the clock. */
const earliestDay = (days: number) => koreaDate(new Date(clock.now.getTime() + days * DAY_MS + DAY_MS - 1));
const dotted = (day: string) => day.replaceAll('-', '.');

/**
 * Photographs the screen and lists what is wrong with it: serious or critical axe violations (WCAG 2.2 AA) and a page
 * wider than the viewport.
 */
async function lookAt(page: Page, name: string): Promise<string[]> {
  await screenshot(page, name);
  const [scrollWidth, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  const wide = scrollWidth! > viewport! + 1 ? [`${name}: the page is ${scrollWidth}px wide at ${viewport}px`] : [];
  return [...wide, ...(await axeViolations(page)).map((violation) => `${name}: ${violation}`)];
}

/** A form field by its label; required fields carry a ' *' in their accessible name. */
function field(page: Page | Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

describe('the terms journey', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  const served = useServedApp({ mailer, now: () => clock.now });
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;
  let notices: { stop(): Promise<void> } | undefined;
  let operator: TestAccount;
  let fan: TestAccount;
  let leaver: TestAccount;

  beforeAll(async () => {
    const app = served.testApp.app;
    operator = await createAccount(app, { roles: ['ROLE_OPERATOR'] });
    fan = await createAccount(app, { username: '약관팬' });
    leaver = await createAccount(app, { username: '떠나는팬' });
    // The worker's background run of the notices, every half second here.
    notices = startTermsNoticeSender({ db: app.db, mailer, publicUrl: served.baseUrl, log: app.log }, 500);
  });
  afterAll(async () => {
    await notices?.stop();
    await smtp?.stop();
  });

  async function memberPage(viewport = DESKTOP) {
    const page = await browser.newPage({ viewport, storageState: sessionState(served.baseUrl, { lang: 'ko' }) });
    const errors = collectPageErrors(page);
    return { page, errors };
  }

  async function signIn(page: Page, account: TestAccount) {
    await page.goto(url('/login?view=email'));
    await field(page, ko.login.email).fill(account.email);
    await field(page, ko.login.password).fill(account.password);
    await page.getByRole('button', { name: ko.login.submit, exact: true }).click();
  }

  // The earliest effective date the notice period allows, fixed before the clock moves.
  const effective = earliestDay(15);
  const summary = '제3조의 결제 수단에 카카오페이와 휴대폰 결제를 명시하고, 환불 기한 안내를 고쳤습니다.';

  test('an operator publishes a version from the console; members are told', { timeout: 180_000 }, async () => {
    const problems: string[] = [];
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    // The operator's stored console session: the login form is not this file's subject.
    await openConsoleAs(page, served.baseUrl, operator);
    await page.getByRole('menuitem', { name: '약관 버전' }).click();
    await page.getByRole('cell', { name: '시행 중' }).first().waitFor();
    problems.push(...(await lookAt(page, 'web-terms-console-list-ko-1280')));

    await page.goto(url('/admin/terms-versions/create'));
    await field(page, '문서').click();
    await page.getByRole('option', { name: '서비스 이용약관' }).click();
    // Every text starts from the version in force (version 1 of the migration); the operator edits from there.
    await expect.poll(() => field(page, '전문 (한국어)').inputValue()).toContain('## 제1조 (목적)');
    expect(await field(page, '변경 요약 (한국어)').inputValue()).toBe('서비스 시작 시점의 최초 버전입니다.');
    const inForce = await field(page, '전문 (한국어)').inputValue();
    expect(inForce).toContain('충전 후 7일 이내에');
    // Too soon: the server's field error shows under the date, in Korean.
    const tooSoon = koreaDate(new Date(clock.now.getTime() + 10 * DAY_MS));
    await field(page, '시행일 (한국 시간)').fill(tooSoon);
    await field(page, '변경 요약 (한국어)').fill(summary);
    await field(page, '변경 요약 (영어)').fill(
      'Article 3 names KakaoPay and phone billing; the refund wording is fixed.',
    );
    await field(page, '변경 요약 (일본어)').fill('第3条にKakaoPayと携帯電話決済を明記しました。');
    // One word changed, one paragraph added; the English and Japanese texts rewritten whole.
    await field(page, '전문 (한국어)').fill(
      `${inForce.replace('충전 후 7일 이내에', '충전 후 14일 이내에')}\n\n## 제7조 (개정)\n\n개정된 약관 본문입니다.`,
    );
    await field(page, '전문 (영어)').fill('## Article 1 (Purpose)\n\nThe revised terms.');
    await field(page, '전문 (일본어)').fill('## 第1条（目的）\n\n改定後の本文です。');
    // The 신·구 조문 대비표 of the texts as typed: the changed word struck through and underlined, the new article
    // against <신설>.
    const comparison = page.getByRole('table', { name: '신·구 조문 대비표 (한국어)' });
    await comparison.locator('del', { hasText: '7일' }).waitFor();
    await comparison.locator('ins', { hasText: '14일' }).waitFor();
    await comparison.getByText('<신설>').first().waitFor();
    await comparison.scrollIntoViewIfNeeded();
    problems.push(...(await lookAt(page, 'web-terms-console-create-comparison-ko-1280')));
    await page.setViewportSize(PHONE);
    problems.push(...(await lookAt(page, 'web-terms-console-create-comparison-ko-360')));
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(`시행일은 오늘부터 15일 이후(${effective} 이후)여야 합니다.`).waitFor();
    problems.push(...(await lookAt(page, 'web-terms-console-create-error-ko-1280')));
    await page.setViewportSize(PHONE);
    problems.push(...(await lookAt(page, 'web-terms-console-create-error-ko-360')));
    await page.setViewportSize(DESKTOP);

    await field(page, '시행일 (한국 시간)').fill(effective);
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByRole('cell', { name: '시행 예정' }).waitFor();
    problems.push(...(await lookAt(page, 'web-terms-console-published-ko-1280')));
    await page.setViewportSize(PHONE);
    problems.push(...(await lookAt(page, 'web-terms-console-list-ko-360')));
    // The version's page: its summaries and the same table against version 1.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('cell', { name: '시행 예정' }).click();
    await page.getByRole('table', { name: '신·구 조문 대비표 (한국어)' }).locator('ins', { hasText: '14일' }).waitFor();
    await page.getByText('비교 기준: 버전 1 · 시행 중 · 2025.01.01 KST 시행').waitFor();
    problems.push(...(await lookAt(page, 'web-terms-console-show-ko-1280')));
    await page.setViewportSize(PHONE);
    problems.push(...(await lookAt(page, 'web-terms-console-show-ko-360')));
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);

    // The notice: a mail in the member's language, with the summary and the page's link.
    const mail = await smtp.awaitMail(fan.email, { subject: /서비스 이용약관 변경 안내/, timeoutMs: 30_000 });
    expect(mail.text).toContain(summary);
    expect(mail.text).toContain(`${served.baseUrl}/provideterms`);
    await smtp.awaitMail(leaver.email, { subject: /변경 안내/, timeoutMs: 30_000 });
  });

  test('the member reads the notice and the legal page’s next version', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    const { page, errors } = await memberPage();
    await signIn(page, fan);
    await page.waitForURL((current) => current.pathname !== '/login');
    await page.goto(url('/notifications'));
    const notice = page.getByText(
      `서비스 이용약관 변경 안내: ${dotted(effective)}부터 적용됩니다. 변경 내용을 확인해 주세요.`,
    );
    await notice.click();
    await page.waitForURL((current) => current.pathname === '/provideterms');
    await page.getByText('버전 1 · 2025.01.01 시행').waitFor();
    await page.getByText(`변경 예정: ${dotted(effective)}부터 버전 2 시행`).waitFor();
    await page.getByText(summary).waitFor();
    problems.push(...(await lookAt(page, 'web-terms-legal-ko-1280')));
    await page.getByRole('button', { name: ko.legal.showNext }).click();
    await page.getByText('개정된 약관 본문입니다.').waitFor();
    await page.setViewportSize(PHONE);
    problems.push(...(await lookAt(page, 'web-terms-legal-ko-360')));
    // Before the effective date nobody is asked.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('after the effective date a member signing in accepts the new version', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    clock.now = new Date(new Date(`${effective}T00:00:00+09:00`).getTime() + 60_000);
    const { page, errors } = await memberPage();
    await signIn(page, fan);
    const dialog = page.getByRole('dialog', { name: ko.legal.consent.title });
    await dialog.waitFor();
    await dialog.getByText(summary).waitFor();
    await dialog.getByText(`버전 2 · ${dotted(effective)} 시행`).waitFor();
    problems.push(...(await lookAt(page, 'web-terms-consent-ko-1280')));
    await page.setViewportSize(PHONE);
    await dialog.getByRole('button', { name: ko.legal.consent.fullText }).click();
    await dialog.getByText('개정된 약관 본문입니다.').waitFor();
    problems.push(...(await lookAt(page, 'web-terms-consent-ko-360')));

    await dialog.getByRole('button', { name: ko.legal.consent.agree }).click();
    await dialog.waitFor({ state: 'detached' });
    const rows = await served.testApp.app.db
      .selectFrom('terms_acceptances as a')
      .innerJoin('terms_versions as v', 'v.id', 'a.terms_version_id')
      .select(['v.kind', 'v.version', 'a.accepted_at'])
      .where('a.user_id', '=', fan.id)
      .execute();
    expect(rows).toEqual([{ kind: 'terms', version: 2, accepted_at: clock.now }]);

    // The next visit asks nothing; the legal page shows version 2 in force.
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/provideterms'));
    await page.getByText(`버전 2 · ${dotted(effective)} 시행`).waitFor();
    // At rest: a consent the page still had to ask for would be on it by now.
    await untilStill(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a member who refuses closes his account through the deletion path', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    const { page, errors } = await memberPage(PHONE);
    await signIn(page, leaver);
    const dialog = page.getByRole('dialog', { name: ko.legal.consent.title });
    await dialog.getByRole('button', { name: ko.legal.consent.refuse }).click();
    const refused = page.getByRole('dialog', { name: ko.legal.consent.refusedTitle });
    await refused.getByText(ko.legal.consent.refusedBody).waitFor();
    problems.push(...(await lookAt(page, 'web-terms-consent-refused-ko-360')));
    await refused.getByRole('button', { name: ko.legal.consent.withdraw }).click();
    await page.waitForURL((current) => current.pathname === '/edit-user-profile');

    // The profile form fills in once the member's data has come (the card below moves down): click after it.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => field(page, ko.signUp.nickname).inputValue()).toBe('떠나는팬');
    await page.getByRole('button', { name: ko.trust.deletion.open }).click();
    const deletion = page.getByRole('dialog', { name: ko.trust.deletion.title });
    await field(deletion, ko.trust.deletion.password).fill(leaver.password);
    await deletion.getByRole('button', { name: ko.trust.deletion.confirm }).click();
    await page.getByText(ko.trust.deletion.done).waitFor();
    const account = await served.testApp.app.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    expect(account.deleted_at).not.toBeNull();
    expect(
      await served.testApp.app.db
        .selectFrom('terms_acceptances')
        .select('user_id')
        .where('user_id', '=', leaver.id)
        .execute(),
    ).toEqual([]);
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);
  });
});
