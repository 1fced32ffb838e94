// Constants only (no zod): the web app's shell reads them on every page, the landing page included.

/**
 * The browser session: the API sets the JWT as an HttpOnly cookie of this name (Path=/api) on every
 * login. A state-changing request authenticated by that cookie must carry this header, which a form cannot send
 * (CSRF); requests with `Authorization: Bearer` are exempt.
 */
export const SESSION_COOKIE_NAME = 'fm_session';
export const CSRF_HEADER_NAME = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'fanmission';

/**
 * The operator console's session: a separate HttpOnly cookie, sent only to the console's API
 * (Path=/api/admin), that lives at most CONSOLE_SESSION_MAX_SECONDS (8 hours, a working day) — staff accounts move
 * money and moderate, so their session is shorter than a member's and a web-app session never opens the console.
 */
export const CONSOLE_SESSION_COOKIE_NAME = 'fm_console';
export const CONSOLE_SESSION_PATH = '/api/admin';
export const CONSOLE_SESSION_MAX_SECONDS = 8 * 60 * 60;
