/*
 * What the black-box runs share: console sessions over HTTP only (the console's cookie and its CSRF header), a member's
 * web session (a bearer token from `POST /api/login`), react-admin's list filter, one printed line per check, and the
 * steps several runs take: a guarded action's pending request, a member's daily allowances, a code from the
 * development mailbox, a download's exact bytes, an invited staff member joining (or invited and let in by a second member), a new member signing up, a coin charge by sandbox card or
 * bank deposit.
 */

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the runs read answers as an outsider would
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed };
}

/** A signed-in account: a console member (its cookie) or a member of the web app (its bearer token). */
export class Session {
  private constructor(
    readonly base: string,
    readonly email: string,
    readonly id: number,
    private readonly headers: Record<string, string>,
  ) {}

  static async console(base: string, email: string, password: string): Promise<Session> {
    const answer = await fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    if (answer.status !== 200) throw new Error(`${email} cannot sign in to the console: ${answer.status}`);
    const cookie = answer.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
    return new Session(base, email, ((await answer.json()) as { id: number }).id, { cookie });
  }

  /** A session of a bearer token got another way (a social sign-in's code exchange). */
  static withToken(base: string, label: string, id: number, authorization: string): Session {
    return new Session(base, label, id, { authorization });
  }

  static async member(base: string, email: string, password: string): Promise<Session> {
    const answer = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    const authorization = answer.headers.get('authorization');
    if (answer.status !== 200 || !authorization) throw new Error(`${email} cannot sign in: ${answer.status}`);
    return new Session(base, email, ((await answer.json()) as { id: number }).id, { authorization });
  }

  /** A download's status, headers and exact bytes (a text answer's byte order mark included). */
  async download(path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const answer = await fetch(`${this.base}${path}`, {
      headers: { ...this.headers, 'x-requested-with': 'fanmission' },
    });
    return { status: answer.status, headers: answer.headers, bytes: Buffer.from(await answer.arrayBuffer()) };
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return answerOf(
      await fetch(`${this.base}${path}`, {
        method,
        headers: {
          ...this.headers,
          'accept-language': 'ko',
          'x-requested-with': 'fanmission',
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
  }
}

/** react-admin's `filter` query parameter. */
export const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

/** A status and, when there is one, the error code and the first field: `400 VALIDATION_FAILED bankAccount…`. */
export const said = (answer: Answer) =>
  `${answer.status}${answer.body?.code ? ` ${answer.body.code}` : ''}${
    answer.body?.subErrors?.[0]?.field ? ` ${answer.body.subErrors[0].field}` : ''
  }`;

/** Counts the checks that failed; prints `ok` or `FAIL` with the answer that differed. */
export class Checks {
  failures = 0;

  check(name: string, ok: boolean, detail: unknown = ''): boolean {
    if (!ok) this.failures += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${JSON.stringify(detail).slice(0, 400)}`}`);
    return ok;
  }

  /** A guarded action asked by one person: 202, a PENDING request of its kind, made by him; answers its id. */
  pending(name: string, answer: Answer, kind: string, maker: Session): number {
    this.check(
      `${name}: 202, a pending ${kind} request of ${maker.email}`,
      answer.status === 202 &&
        answer.body?.kind === kind &&
        answer.body?.status === 'PENDING' &&
        answer.body?.makerId === maker.id,
      answer,
    );
    return answer.body?.id as number;
  }

  /** The run's last line and exit code: 1 when any check failed. */
  finish(): never {
    console.log(this.failures === 0 ? 'every check answered as the rules say' : `${this.failures} check(s) failed`);
    process.exit(this.failures === 0 ? 0 : 1);
  }
}

/** What a staff member (with the members related to him) used of each daily allowance. */
export async function allowanceUsed(
  who: Session,
): Promise<Record<'FREE_COINS' | 'MONEY_OUT_WON' | 'MONEY_IN_WON', number>> {
  const answer = await who.call('GET', '/api/admin/approvals/allowance');
  const entries = answer.body.allowances as { allowance: string; used: number }[];
  return Object.fromEntries(entries.map((entry) => [entry.allowance, entry.used])) as Record<
    'FREE_COINS' | 'MONEY_OUT_WON' | 'MONEY_IN_WON',
    number
  >;
}

/**
 * The code a mail to `to` carries in its link (the development mailbox, `/dev/mail/api`, newest first): `name` is the
 * link's fragment parameter (`code` of a password link, `token` of an e-mail verification).
 */
export async function mailedCode(base: string, to: string, name: 'code' | 'token'): Promise<string> {
  const mails = (await (await fetch(`${base}/dev/mail/api`)).json()) as { to: string; text: string }[];
  for (const mail of mails) {
    if (!mail.to.includes(to)) continue;
    const code = new RegExp(`#${name}=([^\\s"<&]+)`).exec(mail.text)?.[1];
    if (code) return decodeURIComponent(code);
  }
  throw new Error(`no mail to ${to} with a ${name} in its link`);
}

/** An invited staff member sets his password from the invitation mail and signs in to the console. */
export async function joinStaff(base: string, email: string, password: string): Promise<Session> {
  const set = await fetch(`${base}/api/v1/users/user/forgot-password-reset`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password, code: await mailedCode(base, email, 'code') }),
  });
  if (set.status !== 200) throw new Error(`${email} cannot set his password: ${set.status}`);
  return await Session.console(base, email, password);
}

/**
 * A staff member invited by `inviter` and let in by `approver` (a second member approving the invitation): his session,
 * or null with the approval's answer when the approver may not let him in (a member related to the inviter).
 */
export async function invitedStaff(
  base: string,
  inviter: Session,
  approver: Session,
  email: string,
  password: string,
): Promise<{ staff: Session | null; requestId: number; approval: Answer }> {
  const asked = await inviter.call('POST', '/api/admin/staff', { email, roles: ['ROLE_FINANCE'] });
  const requestId = asked.body?.id as number;
  const approval = await approver.call('POST', `/api/admin/approvals/${requestId}/decision`, { decision: 'approve' });
  const staff = approval.body?.status === 'EXECUTED' ? await joinStaff(base, email, password) : null;
  return { staff, requestId, approval };
}

/** A new member signs up with his e-mail, confirms it from the verification mail and signs in. */
export async function signUpMember(base: string, email: string, password: string): Promise<Session> {
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fanmission' },
      body: JSON.stringify(body),
    });
  const signedUp = await post('/api/v1/users', {
    username: email.split('@')[0]!.slice(0, 30),
    email,
    password,
    verifySuccessUrl: `${base}/`,
    birthDate: '1990-01-01',
  });
  if (signedUp.status !== 200) throw new Error(`${email} cannot sign up: ${signedUp.status} ${await signedUp.text()}`);
  const verified = await post('/api/v1/users/email-verification', { token: await mailedCode(base, email, 'token') });
  if (verified.status !== 200) throw new Error(`${email} cannot verify his e-mail: ${verified.status}`);
  return await Session.member(base, email, password);
}

/** The catalogue's paid coin packs (CASH items on sale or not), read by a console member. */
export async function cashItems(staff: Session): Promise<{ id: number; point: number; price: number }[]> {
  return (await staff.call('GET', `/api/admin/coin-items?${filter({ itemType: 'CASH' })}&range=[0,99]`)).body;
}

/** A member asks to pay a coin pack by bank deposit (the receipt to his phone); answers the transfer's id. */
export async function askBankDeposit(fan: Session, coinItemId: number): Promise<number> {
  const answer = await fan.call('POST', '/api/v1/payment/bank-transfer', {
    coinItemId,
    userId: fan.id,
    depositorName: '팬하나',
    depositorPhone: '01012345678',
    cashReceiptNumber: '01012345678',
    receiptType: 'PHONE',
  });
  if (answer.status !== 200) throw new Error(`bank deposit not asked: ${JSON.stringify(answer)}`);
  return answer.body.id as number;
}

/** A member buys a coin pack by card at the payment sandbox: ordered, approved at its checkout, credited. */
export async function buyAtSandbox(fan: Session, coinItemId: number): Promise<string> {
  const order = await fan.call('POST', '/api/v1/payment', {
    coinItemId,
    userId: fan.id,
    payMethod: 'card',
    currency: 'KRW',
    language: 'ko',
  });
  const paymentId = order.body?.merchantUid as string;
  const approved = await fetch(`${fan.base}/api/v1/payment/sandbox/${paymentId}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  const credited = await fan.call('POST', '/api/v1/coin-deposit', { coinItemId, userId: fan.id, paymentId });
  if (approved.status !== 303 || credited.status !== 200) {
    throw new Error(`sandbox charge failed: ${JSON.stringify({ order, approved: approved.status, credited })}`);
  }
  return paymentId;
}
