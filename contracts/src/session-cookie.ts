// Plain constants without schemas: the web app's shell imports them, and a module with zod schemas would bring zod
// into the shell's first download (web/vite.config.ts `shellStaysLight`).

/**
 * The browser session (review L6): the API sets the JWT as an HttpOnly cookie of this name (Path=/api) on every
 * login. A state-changing request authenticated by that cookie must carry this header, which a form cannot send
 * (CSRF); requests with `Authorization: Bearer` are exempt.
 */
export const SESSION_COOKIE_NAME = 'fm_session';
export const CSRF_HEADER_NAME = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'fanmission';
