import type { CurrentUser, LoginRequest, LoginResponse } from '@fanmission/contracts';
import { api } from '../api/client';
import { fetchCurrentUser } from '../api/current-user';
import { storeCurrentUser, storeLogin } from '../session/session';

/** Where a fresh login lands, by role. */
export function pathAfterLogin(user: Pick<CurrentUser, 'roles' | 'creator'>): string {
  if (user.roles.includes('ROLE_UNVERIFIED')) return '/email-sent?view=suggest-user-authentication';
  if (user.roles.includes('ROLE_CREATOR') && user.creator) {
    return user.creator.verified ? `/creator/${user.creator.id}` : '/newbie-creator-mypage';
  }
  if (user.roles.includes('ROLE_USER')) return '/user-mypage';
  return '/';
}

/**
 * `POST /api/login`: the API sets the HttpOnly session cookie; the page never sees the token. Answers
 * who logged in; throws on anything but 200.
 */
export async function requestLogin(credentials: LoginRequest): Promise<LoginResponse> {
  const response = await api<LoginResponse>('/api/login', { method: 'POST', body: credentials, globalErrors: 'none' });
  if (response.status !== 200) throw new Error('login refused');
  return response.data;
}

/** Marks the member logged in, stores the current user, and answers where to go next. */
export async function completeLogin(login: LoginResponse): Promise<string> {
  storeLogin(login);
  const user = await fetchCurrentUser();
  storeCurrentUser(user);
  return pathAfterLogin(user);
}

/**
 * Login CSRF: a social login started here keeps a random state (and Apple's nonce) in this tab's
 * sessionStorage; only a return carrying that state may sign this browser in.
 */
const SOCIAL_LOGIN_STATE = 'fm.socialLogin.state';
const SOCIAL_LOGIN_NONCE = 'fm.socialLogin.nonce';

function randomValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new state (and nonce) for a social login about to start. */
export function beginSocialLogin(): { state: string; nonce: string } {
  const state = randomValue();
  const nonce = randomValue();
  sessionStorage.setItem(SOCIAL_LOGIN_STATE, state);
  sessionStorage.setItem(SOCIAL_LOGIN_NONCE, nonce);
  return { state, nonce };
}

/** The state and nonce kept since the login started, used up (a return is handled once). */
export function takeSocialLogin(): { state: string | null; nonce: string | null } {
  const kept = { state: sessionStorage.getItem(SOCIAL_LOGIN_STATE), nonce: sessionStorage.getItem(SOCIAL_LOGIN_NONCE) };
  sessionStorage.removeItem(SOCIAL_LOGIN_STATE);
  sessionStorage.removeItem(SOCIAL_LOGIN_NONCE);
  return kept;
}

/** `POST /api/oauth2/token`: the one-time code of the return URL's fragment, with the state this tab kept. */
export async function exchangeLoginCode(code: string, clientState: string): Promise<LoginResponse> {
  const response = await api<LoginResponse>('/api/oauth2/token', {
    method: 'POST',
    body: { code, client_state: clientState },
    globalErrors: 'none',
  });
  if (response.status !== 200) throw new Error('login code refused');
  return response.data;
}

/** `POST /users/auth-by-apple` with what Apple put in the return URL's hash and the nonce this tab sent Apple. */
export async function appleLogin(idToken: string, code: string | undefined, nonce: string): Promise<LoginResponse> {
  const response = await api<LoginResponse>('/users/auth-by-apple', {
    method: 'POST',
    body: { id_token: idToken, nonce, ...(code ? { code } : {}) },
    globalErrors: 'none',
  });
  if (response.status !== 200) throw new Error('Apple login refused');
  return response.data;
}
