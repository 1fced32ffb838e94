// @vitest-environment jsdom
import type { Language, MyCreator } from '@fanmission/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { bankComplete } from './bank-account';
import { BankAccountPage } from './bank-account-page';
import { CreatorRegistrationPage } from './creator-registration-page';
import { checkCreatorSignUp, CreatorSignUpPage, EMPTY_CREATOR_SIGN_UP } from './creator-sign-up-page';
import { EditCreatorProfilePage } from './edit-creator-profile-page';
import { NewbieCreatorPage } from './newbie-creator-page';
import { formatErrors, missingItems, profileBody, profileValuesOf } from './profile-form';

// The machine running the suite may be busy: the tests get longer than the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

const LANGUAGES: Language[] = ['ko', 'en', 'ja'];

const creator: MyCreator = {
  id: 7,
  name: 'Mina',
  url: null,
  description: null,
  verified: false,
  grade: 'SILVER',
  intro: null,
  snsLinks: [],
  tags: [],
  containAdultContent: false,
  businessType: null,
  businessName: null,
  businessRegistrationNumber: null,
  businessCashReceiptNumber: null,
  donating: false,
  avatar: null,
  user: { id: 3, username: 'mina', image: null },
  customMission: { active: false, minimumCost: null },
  created: '2026-11-01T00:00:00.000Z',
  email: 'mina@example.com',
  bankName: null,
  bankAccountHolder: null,
  bankAccountNumber: null,
  payoutOverseas: false,
  payoutForeigner: false,
  payoutAccountVerification: null,
  businessVerification: { businessType: 'NONE', registeredName: null, registrationNumber: null, verifiedAt: null },
  newbie: { basicInfoDone: false, eventDone: false, missionDone: false },
  review: { status: 'PENDING', reason: null, queued: false, reviewedAt: null },
  ongoingEvent: false,
  adultContentClearPending: false,
};

function stubApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const body = routes[url.pathname];
    if (body === undefined) return new Response(JSON.stringify({ message: 'nope', status: 404 }), { status: 404 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('CreatorId', '7');
  window.localStorage.setItem('IsVerified', 'true');
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

describe('creator sign-up form (/signup-for-creator)', () => {
  test('the checks: creator name, terms and the member rules', () => {
    const today = new Date(2026, 10, 22);
    const empty = checkCreatorSignUp(EMPTY_CREATOR_SIGN_UP, today, 'http://localhost/x');
    expect(empty).toMatchObject({
      ok: false,
      errors: {
        creatorName: 'validation.required',
        username: 'validation.required',
        terms: 'creatorStudio.signUp.termsRequired',
        birthDate: 'validation.required',
      },
    });
    const filled = {
      ...EMPTY_CREATOR_SIGN_UP,
      creatorName: ' Mina ',
      username: 'mina',
      email: 'mina@example.com',
      password: 'letters123',
      passwordConfirm: 'letters123',
      birthDate: '1995-01-01',
      agreeService: true,
      agreePrivacy: true,
    };
    expect(checkCreatorSignUp(filled, today, 'http://localhost/x')).toEqual({
      ok: true,
      body: expect.objectContaining({ accountType: 'CREATOR', creatorName: 'Mina', email: 'mina@example.com' }),
    });
    expect(checkCreatorSignUp({ ...filled, creatorName: 'x'.repeat(31) }, today, 'http://localhost/x')).toMatchObject({
      ok: false,
      errors: { creatorName: 'creatorStudio.errors.tooLong' },
    });
    expect(checkCreatorSignUp({ ...filled, agreePrivacy: false }, today, 'http://localhost/x')).toMatchObject({
      ok: false,
      errors: { terms: 'creatorStudio.signUp.termsRequired' },
    });
  });

  test.each(LANGUAGES)('shows every validation message in %s', async (language) => {
    window.localStorage.clear();
    const texts = await useLanguage(language);
    renderAt('/signup-for-creator', <Route path="/signup-for-creator" element={<CreatorSignUpPage />} />);
    await userEvent.click(screen.getByRole('button', { name: texts.creatorStudio.signUp.submit }));
    const form = screen.getByRole('form', { name: texts.creatorStudio.signUp.title });
    expect(within(form).getAllByText(texts.validation.required).length).toBeGreaterThanOrEqual(3);
    expect(within(form).getByText(texts.creatorStudio.signUp.termsRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(new RegExp(texts.creatorStudio.signUp.creatorName)), 'x'.repeat(31));
    await userEvent.click(screen.getByRole('button', { name: texts.creatorStudio.signUp.submit }));
    expect(within(form).getByText(texts.creatorStudio.errors.tooLong.replace('{{max}}', '30'))).toBeTruthy();
    // Agree to all ticks both required boxes and clears the message.
    await userEvent.click(screen.getByLabelText(texts.creatorStudio.signUp.agreeAll));
    expect(within(form).queryByText(texts.creatorStudio.signUp.termsRequired)).toBeNull();
  });
});

describe('creator registration (/creator-registration)', () => {
  test.each(LANGUAGES)(
    'warns that the switch is irreversible and requires the confirmation, in %s',
    async (language) => {
      const texts = await useLanguage(language);
      const fetchMock = stubApi({});
      renderAt('/creator-registration', <Route path="/creator-registration" element={<CreatorRegistrationPage />} />);
      expect(screen.getByText(texts.creatorStudio.registration.warningIrreversible)).toBeTruthy();
      expect(screen.getByText(texts.creatorStudio.registration.warningCoins)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: texts.creatorStudio.registration.submit }));
      expect(screen.getByText(texts.creatorStudio.registration.mustUnderstand)).toBeTruthy();
      await userEvent.clear(screen.getByLabelText(new RegExp(texts.creatorStudio.registration.creatorName)));
      await userEvent.click(screen.getByRole('button', { name: texts.creatorStudio.registration.submit }));
      expect(screen.getByText(texts.validation.required)).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});

describe('bank account (/bank-account-change)', () => {
  test('holder, a bank of the list and a numeric account are all required', () => {
    expect(bankComplete({ bankAccountHolder: 'Mina', bankName: 'KB국민은행', bankAccountNumber: '12345' })).toBe(true);
    expect(bankComplete({ bankAccountHolder: ' ', bankName: 'KB국민은행', bankAccountNumber: '12345' })).toBe(false);
    expect(bankComplete({ bankAccountHolder: 'Mina', bankName: 'Fake Bank', bankAccountNumber: '12345' })).toBe(false);
    expect(bankComplete({ bankAccountHolder: 'Mina', bankName: 'KB국민은행', bankAccountNumber: '12-34' })).toBe(false);
  });

  /** The creator's own account: a password account unless `provider` says a social sign-in. */
  const creatorUser = (provider: 'local' | 'google' = 'local') =>
    currentUser({
      id: 3,
      provider,
      roles: ['ROLE_USER', 'ROLE_CREATOR'],
      creator: {
        id: 7,
        name: 'Mina',
        verified: true,
        tags: [],
        eventMission: null,
        user: { id: 3, username: 'mina', image: null },
      },
    });
  const openBankPage = () =>
    renderAt('/bank-account-change', <Route path="/bank-account-change" element={<BankAccountPage />} />, {
      state: { email: 'mina@example.com' },
    });
  const withAccount = {
    ...creator,
    bankName: 'KB국민은행',
    bankAccountHolder: 'Mina',
    bankAccountNumber: '999900001111',
  };

  test.each(LANGUAGES)(
    'keeps save disabled until complete with the password, and drops non-digits, in %s',
    async (language) => {
      const texts = await useLanguage(language);
      serve({ 'GET /api/v1/creators/me': () => json(creator), 'GET /api/v1/users/me': () => json(creatorUser()) });
      openBankPage();
      const save = await screen.findByRole('button', { name: texts.creatorStudio.bank.save });
      expect((save as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(texts.creatorStudio.bank.notice.replace('{{hours}}', '72'))).toBeTruthy();
      await userEvent.type(screen.getByLabelText(new RegExp(texts.creatorStudio.bank.holder)), 'Mina');
      const account = screen.getByLabelText(new RegExp(texts.creatorStudio.bank.account.replace(/[()（）]/g, '.')));
      await userEvent.type(account, '12-34a5');
      expect((account as HTMLInputElement).value).toBe('12345');
      expect((save as HTMLButtonElement).disabled).toBe(true);
      await userEvent.click(screen.getByRole('combobox', { name: new RegExp(texts.creatorStudio.bank.bank) }));
      await userEvent.click(await screen.findByRole('option', { name: /우리은행/ }));
      expect((save as HTMLButtonElement).disabled).toBe(true);
      await userEvent.type(await screen.findByLabelText(new RegExp(texts.creatorStudio.bank.currentPassword)), 'pw');
      expect((save as HTMLButtonElement).disabled).toBe(false);
    },
  );

  test('sends the current password with the account and shows the server’s field error under its input', async () => {
    const texts = await useLanguage('en');
    const calls = serve({
      'GET /api/v1/creators/me': () => json(withAccount),
      'GET /api/v1/users/me': () => json(creatorUser()),
      'PUT /api/v1/creators/7': () =>
        json(
          {
            message: 'The request has invalid values.',
            status: 400,
            code: 'VALIDATION_FAILED',
            subErrors: [{ field: 'currentPassword', message: 'The existing password does not match.' }],
          },
          400,
        ),
    });
    openBankPage();
    const account = await screen.findByDisplayValue('999900001111');
    await userEvent.clear(account);
    await userEvent.type(account, '3333012345678');
    await userEvent.type(await screen.findByLabelText(new RegExp(texts.creatorStudio.bank.currentPassword)), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: texts.creatorStudio.bank.save }));
    // Alerted as 'Failed: {error}' in the server's words, and the field marked under its input.
    const failed = await screen.findByRole('alertdialog');
    expect(failed.textContent).toContain(
      texts.creatorStudio.bank.failed.replace(
        '{{error}}',
        'The request has invalid values. The existing password does not match.',
      ),
    );
    await userEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByText('The existing password does not match.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      bankAccountHolder: 'Mina',
      bankName: 'KB국민은행',
      bankAccountNumber: '3333012345678',
      payoutOverseas: false,
      payoutForeigner: false,
      currentPassword: 'wrong',
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: texts.creatorStudio.bank.save }).disabled).toBe(false);
  });

  test('asks an account without a password for a recent sign-in instead, and shows the server’s refusal', async () => {
    const texts = await useLanguage('ko');
    const refusal = '정산 계좌를 변경하려면 다시 로그인한 뒤 5분 안에 변경해 주세요.';
    const calls = serve({
      'GET /api/v1/creators/me': () => json(withAccount),
      'GET /api/v1/users/me': () => json(creatorUser('google')),
      'PUT /api/v1/creators/7': () => json({ message: refusal, status: 403, code: 'REAUTHENTICATION_REQUIRED' }, 403),
    });
    openBankPage();
    expect(await screen.findByText(texts.creatorStudio.bank.recentSignInHelp.replace('{{minutes}}', '5'))).toBeTruthy();
    expect(screen.queryByLabelText(new RegExp(texts.creatorStudio.bank.currentPassword))).toBeNull();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: texts.creatorStudio.bank.save });
    await waitFor(() => expect(save.disabled).toBe(false));
    await userEvent.click(save);
    const failed = await screen.findByRole('alertdialog');
    expect(failed.textContent).toContain(texts.creatorStudio.bank.failed.replace('{{error}}', refusal));
    await userEvent.click(within(failed).getByRole('button'));
    expect(within(await screen.findByRole('alert')).getByText(refusal)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('currentPassword');
    // Still on the page, still signed in: a refusal to re-authenticate is not an expired session.
    expect(screen.getByLabelText('current path').textContent).toBe('/bank-account-change');
  });

  test.each([
    ['VERIFIED', null, 'VERIFIED'],
    ['UNVERIFIED', null, 'PENDING'],
    ['UNVERIFIED', 'NO_VERIFIED_NAME', 'NO_VERIFIED_NAME'],
    ['MISMATCH', null, 'MISMATCH'],
    ['FAILED', 'ACCOUNT_NOT_FOUND', 'ACCOUNT_NOT_FOUND'],
    ['FAILED', 'BANK_TIMEOUT', 'BANK_TIMEOUT'],
  ] as const)('shows the account holder check: %s %s', async (status, failure, message) => {
    for (const language of LANGUAGES) {
      const texts = await useLanguage(language);
      const check = { status, failure, bankHolder: '김다름', checkedAt: null, nextAttemptAt: null };
      serve({
        'GET /api/v1/creators/me': () => json({ ...withAccount, payoutAccountVerification: check }),
        'GET /api/v1/users/me': () => json(creatorUser()),
      });
      openBankPage();
      const shown = await screen.findByTestId('payout-account-check');
      expect(shown.getAttribute('data-status')).toBe(status);
      expect(shown.textContent).toContain(texts.creatorStudio.bank.check[message].replace('{{holder}}', '김다름'));
      // Without a verified name, the identity check that gives one is a button away.
      const verifyIdentity = within(shown).queryByRole('button', {
        name: texts.creatorStudio.bank.check.verifyIdentity,
      });
      expect(verifyIdentity !== null).toBe(message === 'NO_VERIFIED_NAME');
      cleanupApp();
    }
  });

  test('opened from a bookmark or a reload: the signed-in creator’s own page; abnormal only without an e-mail', async () => {
    const texts = await useLanguage('en');
    serve({ 'GET /api/v1/creators/me': () => json(creator), 'GET /api/v1/users/me': () => json(creatorUser()) });
    renderAt('/bank-account-change', <Route path="/bank-account-change" element={<BankAccountPage />} />);
    expect(await screen.findByRole('button', { name: texts.creatorStudio.bank.save })).toBeTruthy();
    expect(screen.queryByText(texts.common.abnormalAccess)).toBeNull();
    expect(screen.getByLabelText('current path').textContent).toBe('/bank-account-change');
    cleanupApp();

    serve({
      'GET /api/v1/creators/me': () => json(creator),
      'GET /api/v1/users/me': () => json({ ...creatorUser('google'), email: null }),
    });
    renderAt('/bank-account-change', <Route path="/bank-account-change" element={<BankAccountPage />} />);
    expect(await screen.findByText(texts.common.abnormalAccess)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/'));
  });
});

describe('profile editor (/edit-creator-profile)', () => {
  test('missing items in order, business-type fields, format errors and the body', () => {
    const values = profileValuesOf(creator);
    expect(missingItems(values, { intro: false, image: false })).toEqual([
      'tags',
      'intro',
      'image',
      'url',
      'snsLinks',
      'businessType',
    ]);
    const corporation = { ...values, tags: [1], url: 'mina', businessType: 'CORPORATION' as const };
    corporation.sns = { ...values.sns, YOUTUBE: 'https://youtube.com/@mina' };
    expect(missingItems(corporation, { intro: true, image: true })).toEqual([
      'businessName',
      'businessRegistrationNumber',
    ]);
    expect(formatErrors({ ...corporation, url: '123', description: 'x'.repeat(201) })).toEqual({
      url: 'creatorStudio.errors.urlInvalid',
      description: 'creatorStudio.errors.tooLong',
    });
    expect(formatErrors({ ...corporation, sns: { ...corporation.sns, TIKTOK: 'tiktok' } })).toEqual({
      'sns.TIKTOK': 'creatorStudio.errors.snsLinkInvalid',
    });
    const none = {
      ...corporation,
      businessType: 'NONE' as const,
      businessName: 'Left over',
      businessCashReceiptNumber: '01012345678',
    };
    expect(profileBody(none)).toMatchObject({
      businessType: 'NONE',
      businessName: null,
      businessCashReceiptNumber: '01012345678',
      snsLinks: [{ type: 'YOUTUBE', link: 'https://youtube.com/@mina' }],
    });
  });

  test.each(LANGUAGES)(
    'lists every missing item ending "information is required" and focuses the first, in %s',
    async (language) => {
      const texts = await useLanguage(language);
      stubApi({
        '/api/v1/creators/me': { ...creator, url: '' },
        '/api/v1/tags/creator': [
          { tag: { id: 1, name: 'dance' }, tagCount: 3 },
          { tag: { id: 2, name: 'song' }, tagCount: 1 },
        ],
      });
      renderAt('/edit-creator-profile', <Route path="/edit-creator-profile" element={<EditCreatorProfilePage />} />);
      await screen.findByRole('button', { name: '#dance' }, { timeout: 10_000 });
      await userEvent.click(screen.getByRole('button', { name: texts.creatorStudio.profile.save }));
      const p = texts.creatorStudio.profile;
      const expected = p.missing.replace(
        '{{items}}',
        [p.items.tags, p.items.intro, p.items.image, p.items.url, p.items.snsLinks, p.items.businessType].join(
          p.separator,
        ),
      );
      expect(await screen.findByText(expected)).toBeTruthy();
      expect(document.activeElement?.textContent).toBe('#dance');

      // Tags chosen, the business type CORPORATION: its two fields are listed and the first empty field is focused.
      await userEvent.click(screen.getByRole('button', { name: '#dance' }));
      await userEvent.click(screen.getByLabelText(p.businessTypes.CORPORATION));
      await userEvent.click(screen.getByRole('button', { name: p.save }));
      const second = p.missing.replace(
        '{{items}}',
        [
          p.items.intro,
          p.items.image,
          p.items.url,
          p.items.snsLinks,
          p.items.businessName,
          p.items.businessRegistrationNumber,
        ].join(p.separator),
      );
      expect(await screen.findByText(second)).toBeTruthy();
      expect(document.activeElement?.id).toBe('creator-profile-intro');
    },
  );

  test.each(LANGUAGES)('shows the description counter and the link format message, in %s', async (language) => {
    const texts = await useLanguage(language);
    stubApi({ '/api/v1/creators/me': creator, '/api/v1/tags/creator': [] });
    renderAt('/edit-creator-profile', <Route path="/edit-creator-profile" element={<EditCreatorProfilePage />} />);
    const description = await screen.findByLabelText(texts.creatorStudio.profile.description);
    await userEvent.type(description, 'hello');
    expect(screen.getByText('5/200')).toBeTruthy();
    // Each channel named as people know it (SOOP was AfreecaTV), and what the adult box does said beside it.
    const names = texts.creatorStudio.profile.snsNames;
    expect(screen.getByLabelText(names.AFREECA)).toBeTruthy();
    expect(screen.getByLabelText(texts.creatorStudio.profile.adult)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(names.YOUTUBE), 'youtube');
    await userEvent.click(screen.getByRole('button', { name: texts.creatorStudio.profile.save }));
    expect(await screen.findByText(texts.creatorStudio.errors.snsLinkInvalid)).toBeTruthy();
  });
});

describe('newbie dashboard (/newbie-creator-mypage)', () => {
  test.each(LANGUAGES)(
    'three cards, the to-do banner, then the pending banner and a rejection reason, in %s',
    async (language) => {
      const texts = await useLanguage(language);
      const n = texts.creatorStudio.newbie;
      stubApi({ '/api/v1/creators/me': creator });
      const first = renderAt(
        '/newbie-creator-mypage',
        <Route path="/newbie-creator-mypage" element={<NewbieCreatorPage />} />,
      );
      expect(await screen.findByText(n.todoBanner)).toBeTruthy();
      for (const title of [n.profileCard, n.eventCard, n.missionCard]) {
        expect(screen.getByRole('region', { name: title })).toBeTruthy();
      }
      expect(screen.getByRole('link', { name: n.missionRegister }).getAttribute('href')).toBe(
        '/mission-management/normal',
      );
      first.unmount();

      stubApi({
        '/api/v1/creators/me': {
          ...creator,
          newbie: { basicInfoDone: true, eventDone: false, missionDone: true },
          review: { ...creator.review, queued: true },
        },
      });
      const second = renderAt(
        '/newbie-creator-mypage',
        <Route path="/newbie-creator-mypage" element={<NewbieCreatorPage />} />,
      );
      expect(await screen.findByText(n.pendingBanner.replace('{{min}}', '7').replace('{{max}}', '14'))).toBeTruthy();
      expect(screen.getByRole('link', { name: n.missionEdit })).toBeTruthy();
      second.unmount();

      stubApi({
        '/api/v1/creators/me': {
          ...creator,
          review: { ...creator.review, status: 'REJECTED', reason: 'Intro too short' },
        },
      });
      renderAt('/newbie-creator-mypage', <Route path="/newbie-creator-mypage" element={<NewbieCreatorPage />} />);
      expect(await screen.findByText(n.rejectedTitle)).toBeTruthy();
      expect(screen.getByText(n.reason.replace('{{reason}}', 'Intro too short'))).toBeTruthy();
    },
  );

  test('a verified creator goes to his page', async () => {
    await useLanguage('en');
    stubApi({ '/api/v1/creators/me': { ...creator, verified: true } });
    renderAt('/newbie-creator-mypage', <Route path="/newbie-creator-mypage" element={<NewbieCreatorPage />} />);
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/creator/7'));
  });
});
