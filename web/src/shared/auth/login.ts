import type { CurrentUser, LoginRequest } from '@fanmission/contracts';
import { api } from '../api/client';
import { fetchCurrentUser } from '../api/current-user';
import { storeCurrentUser, storeToken } from '../session/session';

/** Where a fresh login lands, by role (01 §4). */
export function pathAfterLogin(user: Pick<CurrentUser, 'roles' | 'creator'>): string {
  if (user.roles.includes('ROLE_UNVERIFIED')) return '/email-sent?view=suggest-user-authentication';
  if (user.roles.includes('ROLE_CREATOR') && user.creator) {
    return user.creator.verified ? `/creator/${user.creator.id}` : '/newbie-creator-mypage';
  }
  if (user.roles.includes('ROLE_USER')) return '/user-mypage';
  return '/';
}

/** `POST /api/login`: the token comes back in the Authorization header. Throws on anything but 200 + header. */
export async function requestLoginToken(credentials: LoginRequest): Promise<string> {
  const response = await api('/api/login', {
    method: 'POST',
    body: credentials,
    token: null,
    globalErrors: 'none',
  });
  const token = response.headers.get('authorization');
  if (response.status !== 200 || !token) throw new Error('login answered without a token');
  return token;
}

/** Stores the token, then the current user, and answers where to go next. */
export async function completeLogin(token: string): Promise<string> {
  storeToken(token);
  const user = await fetchCurrentUser();
  storeCurrentUser(user);
  return pathAfterLogin(user);
}

/** `POST /users/auth-by-apple` with what Apple put in the return URL's hash. */
export async function appleLogin(idToken: string, code: string | undefined): Promise<string> {
  const response = await api('/users/auth-by-apple', {
    method: 'POST',
    body: { id_token: idToken, ...(code ? { code } : {}) },
    token: null,
    globalErrors: 'none',
  });
  const token = response.headers.get('authorization');
  if (!token) throw new Error('Apple login answered without a token');
  return token;
}
