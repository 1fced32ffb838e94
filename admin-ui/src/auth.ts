import { STAFF_ROLES, type Role, type StaffRole } from '@fanmission/contracts';
import type { AuthProvider, HttpError } from 'react-admin';

const SESSION_KEY = 'fanmission.console.session';

interface Session {
  token: string;
  id: number;
  email: string;
  roles: StaffRole[];
}

/** The session lives in sessionStorage: it ends with the tab, and nothing else on the origin reads it. */
export function currentSession(): Session | null {
  const stored = sessionStorage.getItem(SESSION_KEY);
  if (!stored) return null;
  try {
    return JSON.parse(stored) as Session;
  } catch {
    return null;
  }
}

export const sessionToken = () => currentSession()?.token ?? null;

/** The language react-admin shows (its store keeps the choice), for the API's messages. */
export function currentLocale(): string {
  try {
    return (JSON.parse(localStorage.getItem('RaStore.locale') ?? '"ko"') as string) || 'ko';
  } catch {
    return 'ko';
  }
}

const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

/**
 * E-mail and password at `POST /api/login`; the token comes back in the Authorization header. Only operator and
 * finance accounts get in; a 401 anywhere sends back to the login page.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': currentLocale() },
      body: JSON.stringify({ username, password }),
    });
    if (response.status === 401) throw new Error('console.auth.badCredentials');
    if (response.status === 403) throw new Error('console.auth.blocked');
    if (!response.ok) throw new Error('ra.auth.sign_in_error');
    const body = (await response.json()) as { id: number; roles: Role[] };
    const header = response.headers.get('authorization') ?? '';
    const token = header.replace(/^Bearer\s+/i, '');
    const roles = body.roles.filter(isStaffRole);
    if (!token || roles.length === 0) throw new Error('console.auth.notStaff');
    const session: Session = { token, id: body.id, email: username, roles };
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  },
  async logout() {
    sessionStorage.removeItem(SESSION_KEY);
  },
  async checkAuth() {
    // Straight to the login form, without an error notification for not being logged in yet.
    if (!currentSession()) throw { message: false };
  },
  async checkError(error: unknown) {
    const status = (error as HttpError | undefined)?.status;
    if (status === 401) {
      sessionStorage.removeItem(SESSION_KEY);
      throw new Error('ra.notification.logged_out');
    }
    // 403 and the rest stay on the page with the API's message.
  },
  async getPermissions() {
    return currentSession()?.roles ?? [];
  },
  async getIdentity() {
    const session = currentSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    return { id: session.id, fullName: session.email };
  },
};
