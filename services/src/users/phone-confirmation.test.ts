// A mobile number is the member's only once he typed the code an SMS sent to it: the code is six digits, lives five
// minutes, serves once, dies after five wrong tries, belongs to one member and one number; codes are sent at most once
// a minute and a few times a day per member and per number. 알림톡 goes to a confirmed number only.
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { sandboxSmsProvider } from '../sms';

const clock = { now: new Date('2026-11-28T01:00:00Z') };
const sms = sandboxSmsProvider();
const testApp = useTestApp({ sms, now: () => clock.now });
const app = () => testApp.current.app;
const inject = (options: InjectOptions) => app().inject(options);
const later = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));

let numbers = 0;
/** A fresh mobile number for each test, so the per-number counts of one test do not reach another. */
const newNumber = () => `0109${String(1000000 + ++numbers).slice(1)}`;

const askCode = (member: TestAccount, phone: string, language = 'en') =>
  inject({
    method: 'POST',
    url: '/api/v1/users/me/phone/code',
    headers: { ...member.headers, 'accept-language': language },
    payload: { phone },
  });
const confirm = (member: TestAccount, code: string, language = 'en') =>
  inject({
    method: 'POST',
    url: '/api/v1/users/me/phone/confirmation',
    headers: { ...member.headers, 'accept-language': language },
    payload: { code },
  });
/** The code of the newest SMS to `phone`. */
function codeSentTo(phone: string): string {
  const message = sms.sent().find((sent) => sent.to === phone);
  const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}
const me = async (member: TestAccount) =>
  (await inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers })).json<{
    phone: string | null;
    phoneConfirmed: boolean;
  }>();

describe('confirming a mobile number with an SMS code', () => {
  let member: TestAccount;
  beforeAll(async () => {
    member = await createAccount(app());
  });

  it('sends a six-digit code, keeps the number unconfirmed until it comes back, then confirms it', async () => {
    const phone = newNumber();
    const asked = await askCode(member, phone.replace(/^010/, '010-'));
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      phone,
      expiresAt: new Date(clock.now.getTime() + 5 * 60_000).toISOString(),
      resendAt: new Date(clock.now.getTime() + 60_000).toISOString(),
    });
    expect(sms.sent()[0]).toMatchObject({ to: phone, text: expect.stringMatching(/^\[Fanmission\] .*\d{6}/) });
    expect(await me(member)).toMatchObject({ phone, phoneConfirmed: false });

    const confirmed = await confirm(member, codeSentTo(phone));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ phone, confirmedAt: clock.now.toISOString() });
    expect(await me(member)).toMatchObject({ phone, phoneConfirmed: true });
  });

  it('unconfirms the number when the profile changes it, and keeps it confirmed when it stays the same', async () => {
    const phone = newNumber();
    later(61);
    await askCode(member, phone);
    expect((await confirm(member, codeSentTo(phone))).statusCode).toBe(200);
    const save = (number: string) =>
      inject({
        method: 'PUT',
        url: `/api/v1/users/${member.id}`,
        headers: member.headers,
        payload: { username: 'member', phone: number },
      });
    expect((await save(phone)).statusCode).toBe(200);
    expect(await me(member)).toMatchObject({ phone, phoneConfirmed: true });
    const other = newNumber();
    expect((await save(other)).statusCode).toBe(200);
    expect(await me(member)).toMatchObject({ phone: other, phoneConfirmed: false });
  });

  it('refuses a code once it has expired (five minutes)', async () => {
    const someone = await createAccount(app());
    const phone = newNumber();
    await askCode(someone, phone);
    later(5 * 60 + 1);
    const late = await confirm(someone, codeSentTo(phone), 'ko');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/새 인증번호/);
    expect((await me(someone)).phoneConfirmed).toBe(false);
  });

  describe('the attacker', () => {
    it('cannot guess the code: the sixth try is refused even with the right code', async () => {
      const attacker = await createAccount(app());
      const phone = newNumber();
      await askCode(attacker, phone);
      const right = codeSentTo(phone);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const guess = await confirm(attacker, wrong);
        expect(guess.statusCode).toBe(400);
        expect(guess.json().subErrors).toEqual([{ field: 'code', message: expect.any(String) }]);
      }
      const sixth = await confirm(attacker, right);
      expect(sixth.statusCode).toBe(409);
      expect((await me(attacker)).phoneConfirmed).toBe(false);
    });

    it('cannot use a code sent to another member, nor one sent to another number of his own', async () => {
      const victim = await createAccount(app());
      const attacker = await createAccount(app());
      const victimPhone = newNumber();
      const attackerPhone = newNumber();
      await askCode(victim, victimPhone);
      await askCode(attacker, attackerPhone);
      // The victim's code does not confirm the attacker's number.
      const stolen = await confirm(attacker, codeSentTo(victimPhone));
      expect(stolen.statusCode).toBe(400);
      expect((await me(attacker)).phoneConfirmed).toBe(false);

      // A code sent to the number he owns, then the profile switched to a stranger's number: refused.
      const owned = newNumber();
      later(61);
      await askCode(attacker, owned);
      const stranger = newNumber();
      await inject({
        method: 'PUT',
        url: `/api/v1/users/${attacker.id}`,
        headers: attacker.headers,
        payload: { username: 'attacker', phone: stranger },
      });
      const switched = await confirm(attacker, codeSentTo(owned));
      expect(switched.statusCode).toBe(409);
      expect(await me(attacker)).toMatchObject({ phone: stranger, phoneConfirmed: false });
    });

    it('cannot replay a code that has served', async () => {
      const attacker = await createAccount(app());
      const phone = newNumber();
      await askCode(attacker, phone);
      const code = codeSentTo(phone);
      expect((await confirm(attacker, code)).statusCode).toBe(200);
      // The number changes and comes back: the old code confirms it no more.
      await inject({
        method: 'PUT',
        url: `/api/v1/users/${attacker.id}`,
        headers: attacker.headers,
        payload: { username: 'attacker', phone: newNumber() },
      });
      await inject({
        method: 'PUT',
        url: `/api/v1/users/${attacker.id}`,
        headers: attacker.headers,
        payload: { username: 'attacker', phone },
      });
      const replayed = await confirm(attacker, code);
      expect(replayed.statusCode).toBe(409);
      expect((await me(attacker)).phoneConfirmed).toBe(false);
    });

    it('cannot flood a number with codes: once a minute, five a day per member, ten a day per number (any member)', async () => {
      const attacker = await createAccount(app());
      const victim = newNumber();
      const sentTo = () => sms.sent().filter((message) => message.to === victim).length;
      expect((await askCode(attacker, victim)).statusCode).toBe(200);
      const again = await askCode(attacker, victim, 'ja');
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('60');
      expect(again.json().message).toMatch(/SMS|認証/);
      // Another account of his within the minute: the number's own minute.
      expect((await askCode(await createAccount(app()), victim)).statusCode).toBe(429);
      for (let sent = 2; sent <= 5; sent += 1) {
        later(61);
        expect((await askCode(attacker, victim)).statusCode).toBe(200);
      }
      later(61);
      const sixth = await askCode(attacker, victim);
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
      expect(sentTo()).toBe(5);

      // Other accounts of his, each with its own allowance, reach the number's own limit.
      for (let sent = 6; sent <= 10; sent += 1) {
        later(61);
        expect((await askCode(await createAccount(app()), victim)).statusCode).toBe(200);
      }
      later(61);
      const eleventh = await askCode(await createAccount(app()), victim);
      expect(eleventh.statusCode).toBe(429);
      expect(sentTo()).toBe(10);
    });
  });

  describe('validation and permissions', () => {
    it('refuses a number that is not a Korean mobile one, and a code that is not six digits, in ko/en/ja', async () => {
      const messages: Record<string, string[]> = {};
      for (const language of ['ko', 'en', 'ja']) {
        const badPhone = await askCode(member, '0212345678', language);
        expect(badPhone.statusCode).toBe(400);
        const badCode = await confirm(member, '12ab', language);
        expect(badCode.statusCode).toBe(400);
        const [phoneError] = badPhone.json().subErrors;
        const [codeError] = badCode.json().subErrors;
        expect(phoneError.field).toBe('phone');
        expect(codeError.field).toBe('code');
        messages[language] = [phoneError.message, codeError.message];
      }
      expect(messages.ko![0]).toMatch(/휴대폰/);
      expect(messages.en![0]).toMatch(/mobile/);
      expect(messages.ja![0]).toMatch(/携帯/);
      expect(new Set(Object.values(messages).map((pair) => pair[1])).size).toBe(3);
      const missing = await inject({
        method: 'POST',
        url: '/api/v1/users/me/phone/code',
        headers: { ...member.headers, 'accept-language': 'en' },
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().subErrors[0].field).toBe('phone');
    });

    it('answers 401 to nobody signed in and 403 to an account whose e-mail is unverified', async () => {
      const anonymous = await inject({
        method: 'POST',
        url: '/api/v1/users/me/phone/code',
        payload: { phone: newNumber() },
      });
      expect(anonymous.statusCode).toBe(401);
      const anonymousConfirm = await inject({
        method: 'POST',
        url: '/api/v1/users/me/phone/confirmation',
        payload: { code: '123456' },
      });
      expect(anonymousConfirm.statusCode).toBe(401);
      const unverified = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] });
      const phone = newNumber();
      expect((await askCode(unverified, phone)).statusCode).toBe(403);
      expect((await confirm(unverified, '123456')).statusCode).toBe(403);
      expect(sms.sent().some((message) => message.to === phone)).toBe(false);
    });
  });
});
