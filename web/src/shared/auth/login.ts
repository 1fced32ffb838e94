import type { CurrentUser, LoginRequest, LoginResponse } from '@fanmission/contracts';
import { api } from '../api/client';
import { fetchCurrentUser } from '../api/current-user';
import { storeCurrentUser, storeLogin } from '../session/session';
import { takeLoginReturn } from './login-return';

/**
 * Where a fresh login lands: an unverified account at the verification suggestion and a creator under review at his
 * dashboard, whatever he was doing; anybody else back on the page an action sent him to log in from (`returnTo`),
 * else by role.
 */
export function pathAfterLogin(user: Pick<CurrentUser, 'roles' | 'creator'>, returnTo: string | null = null): string {
  if (user.roles.includes('ROLE_UNVERIFIED')) return '/email-sent?view=suggest-user-authentication';
  if (user.roles.includes('ROLE_CREATOR') && user.creator && !user.creator.verified) return '/newbie-creator-mypage';
  if (returnTo !== null) return returnTo;
  if (user.roles.includes('ROLE_CREATOR') && user.creator) return `/creator/${user.creator.id}`;
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
  return pathAfterLogin(user, takeLoginReturn());
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
