import {
  CSRF_HEADER_NAME,
  CSRF_HEADER_VALUE,
  STAFF_ROLES,
  type ConsoleSession,
  type Role,
  type StaffRole,
} from '@fanmission/contracts';
import type { AuthProvider, HttpError } from 'react-admin';

/** Where an older console kept its token (readable by any script of the origin): removed on load. */
const LEGACY_SESSION_KEY = 'fanmission.console.session';

interface Session {
  id: number;
  email: string;
  roles: StaffRole[];
  approvalLimits: ConsoleSession['approvalLimits'];
}

/**
 * The session itself is the HttpOnly `fm_console` cookie the API sets (Path=/api/admin): no script of the page can
 * read it. The page only remembers, in memory, who the API said is signed in; after a reload it asks again
 * (`GET /api/admin/session`).
 */
let signedIn: Session | null = null;

function forgetLegacyToken(): void {
  try {
    sessionStorage.removeItem(LEGACY_SESSION_KEY);
    localStorage.removeItem(LEGACY_SESSION_KEY);
  } catch {
    // Storage disabled: there is nothing to remove either.
  }
}
forgetLegacyToken();

/** Who the API last said is signed in to the console (no token: the cookie is out of the page's reach). */
export const currentSession = (): Session | null => signedIn;

/** The language react-admin shows (its store keeps the choice), for the API's messages. */
export function currentLocale(): string {
  try {
    return (JSON.parse(localStorage.getItem('RaStore.locale') ?? '"ko"') as string) || 'ko';
  } catch {
    return 'ko';
  }
}

/** The headers of every console call: the language, and the anti-CSRF header the cookie session needs on changes. */
export function consoleHeaders(headers: Headers = new Headers()): Headers {
  headers.set('Accept-Language', currentLocale());
  headers.set(CSRF_HEADER_NAME, CSRF_HEADER_VALUE);
  return headers;
}

const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

const sessionOf = (body: ConsoleSession): Session | null => {
  const roles = body.roles.filter(isStaffRole);
  return roles.length > 0 ? { id: body.id, email: body.email, roles, approvalLimits: body.approvalLimits } : null;
};

const SESSION_URL = '/api/admin/session';

/** Asks the API who is signed in (the cookie goes along by itself); null when nobody is. */
async function fetchSession(): Promise<Session | null> {
  const response = await fetch(SESSION_URL, {
    headers: consoleHeaders(new Headers({ Accept: 'application/json' })),
    credentials: 'same-origin',
  });
  if (!response.ok) return null;
  return sessionOf((await response.json()) as ConsoleSession);
}

async function knownSession(): Promise<Session | null> {
  signedIn ??= await fetchSession();
  return signedIn;
}

/**
 * E-mail and password at `POST /api/admin/session`: the API answers who signed in and keeps the session in its
 * HttpOnly cookie. Only operator and finance accounts get in; a 401 anywhere sends back to the login page.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const headers = consoleHeaders(new Headers({ 'content-type': 'application/json' }));
    const response = await fetch(SESSION_URL, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify({ username, password }),
    });
    if (response.status === 401) throw new Error('console.auth.badCredentials');
    if (response.status === 403) {
      const { code } = (await response.json().catch(() => ({}))) as { code?: string };
      throw new Error(code === 'LOGIN_BLOCKED' ? 'console.auth.blocked' : 'console.auth.notStaff');
    }
    if (!response.ok) throw new Error('ra.auth.sign_in_error');
    const session = sessionOf((await response.json()) as ConsoleSession);
    if (!session) throw new Error('console.auth.notStaff');
    signedIn = session;
  },
  async logout() {
    const wasSignedIn = signedIn !== null;
    signedIn = null;
    forgetLegacyToken();
    // Revokes the account's tokens and clears the cookie; without a known session there is nothing to end.
    if (wasSignedIn) {
      await fetch(SESSION_URL, { method: 'DELETE', headers: consoleHeaders(), credentials: 'same-origin' }).catch(
        () => undefined,
      );
    }
  },
  async checkAuth() {
    // Straight to the login form, without an error notification for not being logged in yet.
    if (!(await knownSession())) throw { message: false };
  },
  async checkError(error: unknown) {
    const status = (error as HttpError | undefined)?.status;
    if (status === 401) {
      signedIn = null;
      throw new Error('ra.notification.logged_out');
    }
    // 403 and the rest stay on the page with the API's message.
  },
  async getPermissions() {
    return (await knownSession())?.roles ?? [];
  },
  async getIdentity() {
    const session = await knownSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    return { id: session.id, fullName: session.email };
  },
};
