import { useLocation, useNavigate } from 'react-router';

/**
 * Where a visitor sent to log in from an action (request, follow, like, comment, apply) comes back to once signed in.
 * Kept in this tab's sessionStorage so it also survives a social login's round trip through the provider.
 */
const LOGIN_RETURN = 'fm.login.returnTo';

/** Only a path of this app: never another origin (`//host`, `/\host`), and never the login pages themselves. */
function isReturnPath(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && !/^\/(login|sns-login)(?:[/?#]|$)/.test(path);
}

export function rememberLoginReturn(path: string): void {
  if (isReturnPath(path)) sessionStorage.setItem(LOGIN_RETURN, path);
}

/** The path kept by `rememberLoginReturn`, used up (a login returns there once). */
export function takeLoginReturn(): string | null {
  const path = sessionStorage.getItem(LOGIN_RETURN);
  sessionStorage.removeItem(LOGIN_RETURN);
  return path !== null && isReturnPath(path) ? path : null;
}

/** The navigation state of /login opened by an action that needs a member: the page says why he is there. */
export interface LoginForActionState {
  loginNeeded: true;
}

export const isLoginForAction = (state: unknown): boolean =>
  (state as Partial<LoginForActionState> | null)?.loginNeeded === true;

/** Opens /login, remembering the current page to come back to after the login. */
export function useGoToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    rememberLoginReturn(`${location.pathname}${location.search}`);
    void navigate('/login', { state: { loginNeeded: true } satisfies LoginForActionState });
  };
}
