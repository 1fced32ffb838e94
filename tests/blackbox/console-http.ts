/*
 * What the black-box runs share: console sessions over HTTP only (the console's cookie and its CSRF header), a member's
 * web session (a bearer token from `POST /api/login`), react-admin's list filter, and one printed line per check.
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

/** Counts the checks that failed; prints `ok` or `FAIL` with the answer that differed. */
export class Checks {
  failures = 0;

  check(name: string, ok: boolean, detail: unknown = ''): boolean {
    if (!ok) this.failures += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${JSON.stringify(detail).slice(0, 400)}`}`);
    return ok;
  }

  /** The run's last line and exit code: 1 when any check failed. */
  finish(): never {
    console.log(this.failures === 0 ? 'every check answered as the rules say' : `${this.failures} check(s) failed`);
    process.exit(this.failures === 0 ? 0 : 1);
  }
}
