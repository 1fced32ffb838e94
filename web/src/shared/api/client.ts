import {
  ACCESS_DENIED_MESSAGE,
  AUTH_ERROR_CODES,
  CSRF_HEADER_NAME,
  CSRF_HEADER_VALUE,
  type ErrorCode,
  type ErrorResponse,
} from '@fanmission/contracts';
import i18next from 'i18next';
import { showAlert } from '../alert/alert';
import { navigateTo } from '../navigation/navigation';
import { isGatewayTrouble, reportConnectionTrouble, reportConnectionWorks } from '../network/connection';
import { clearSession, readSession } from '../session/session';

/** An answer other than 2xx; `body` is the API's error object when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | undefined,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The server's error code, typed by the codes `contracts` declares (a comparison with an undeclared one fails to compile). */
  get code(): ErrorCode | undefined {
    return this.body?.code as ErrorCode | undefined;
  }
}

/** The server's message of a failed call, or `fallback` when the failure carries none (no answer, not an API error). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body ? error.body.message : fallback;
}

/**
 * How the spec's global error handling applies to a call:
 * - `all`: 403 access denied and 401 token codes end the session (→ /login); 504 alerts and goes to /.
 * - `signUp`: on sign-up a 504 and other 401s are only logged.
 * - `none`: the caller handles every error (login forms, whose 401 means a wrong password).
 */
export type GlobalErrorHandling = 'all' | 'signUp' | 'none';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** A JSON body, or FormData for uploads. */
  body?: unknown;
  /** An explicit `Authorization` value; the browser's session otherwise travels in the HttpOnly cookie. */
  token?: string | null;
  globalErrors?: GlobalErrorHandling;
  signal?: AbortSignal;
  /** Extra request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

let baseUrl = '';

/** Origin of the API; empty means the page's own origin (tests point it at a served app). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

/** Paths under `/api/` are used as they are; anything else is under `/api/v1`. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const full = path.startsWith('/api/') ? path : `/api/v1${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${full}${search ? `?${search}` : ''}`;
}

function currentLanguage(): string {
  return i18next.language || window.localStorage.getItem('lang') || 'ko';
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asErrorResponse(body: unknown): ErrorResponse | undefined {
  if (body && typeof body === 'object' && 'message' in body && 'status' in body) return body as ErrorResponse;
  return undefined;
}

/** Dispatched on `window` when the API refuses a change until the member accepts the terms in force. */
export const TERMS_REQUIRED_EVENT = 'fanmission:terms-required';

function endSession(message: string, to = '/login'): void {
  clearSession();
  void showAlert(message);
  navigateTo(to, { replace: true });
}

/** Applies the global error handling (session expiry, maintenance, network) to a failed answer; the error is thrown to the caller afterwards in every case. */
function handleGlobally(error: ApiError, mode: GlobalErrorHandling): void {
  if (mode === 'none') return;
  const t = i18next.t.bind(i18next);
  // The account was blocked while this page showed it: say so, and where to object.
  if (error.status === 403 && error.code === 'LOGIN_BLOCKED') {
    endSession(t('session.blocked'), '/block-objection');
    return;
  }
  // New terms took effect and the member has not accepted them: the consent dialog asks him (features/terms-consent).
  if (error.status === 403 && error.code === 'TERMS_NOT_ACCEPTED') {
    window.dispatchEvent(new Event(TERMS_REQUIRED_EVENT));
    return;
  }
  if (error.status === 403 && (error.body?.message === ACCESS_DENIED_MESSAGE || error.code === 'ACCESS_DENIED')) {
    endSession(t('session.accessDenied'));
    return;
  }
  if (error.status === 401) {
    const code = error.body?.code;
    // A token refused, or no session cookie any more (it expired) while this page still shows a member.
    if (
      (code && (AUTH_ERROR_CODES as readonly string[]).includes(code)) ||
      (code === 'UNAUTHORIZED' && readSession().loggedIn)
    ) {
      endSession(t('session.tokenExpired'));
    } else if (mode === 'signUp') {
      console.warn('sign-up answered 401', error.body);
    }
    return;
  }
  if (error.status === 504) {
    if (mode === 'signUp') {
      console.warn('sign-up answered 504');
      return;
    }
    void showAlert(t('session.serverError'));
    navigateTo('/', { replace: true });
  }
}

/**
 * The headers of every call: the language, JSON, and the anti-CSRF header the API requires of a state-changing
 * request on the session cookie (a form of another site cannot send it). Uploads and downloads use it too.
 */
export function apiHeaders(language: string, extra?: Record<string, string>): Headers {
  return new Headers({
    Accept: 'application/json',
    ...extra,
    'Accept-Language': language,
    [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE,
  });
}

/** Fetch options of every call: the session cookie goes with requests to our own origin. */
export const SESSION_CREDENTIALS: RequestCredentials = 'same-origin';

interface EarlyAnswer {
  language: string;
  /** Who was logged in when it was asked (the answer of another member, or of a visitor, is not taken). */
  userId: number | null;
  response: Promise<Response>;
}
/** GETs started before the page that needs them had loaded, by URL; each is taken once. */
const earlyAnswers = new Map<string, EarlyAnswer>();
const EARLY_ANSWER_TTL_MS = 15_000;

/**
 * Starts a GET now, before the code of the page that needs it has arrived (app/first-page-data.ts: on a phone the
 * page's chunks take seconds). The page's own `api()` GET of the same URL, with the same language and token and no
 * options of its own, then takes this answer instead of asking again; an answer nobody takes is dropped after 15 s.
 * Returns the answer (to be read only through `clone()`), or undefined when that URL is asked for already.
 */
export function prefetchGet(
  path: string,
  query: RequestOptions['query'],
  language: string,
): Promise<Response> | undefined {
  const url = apiUrl(path, query);
  if (earlyAnswers.has(url)) return undefined;
  const userId = readSession().userId;
  const response = fetch(url, { headers: apiHeaders(language), credentials: SESSION_CREDENTIALS });
  response.catch(() => undefined);
  earlyAnswers.set(url, { language, userId, response });
  setTimeout(() => earlyAnswers.delete(url), EARLY_ANSWER_TTL_MS);
  return response;
}

function takeEarlyAnswer(url: string, headers: Headers): Promise<Response> | undefined {
  const early = earlyAnswers.get(url);
  if (!early) return undefined;
  earlyAnswers.delete(url);
  const matches = early.language === headers.get('Accept-Language') && early.userId === readSession().userId;
  return matches ? early.response : undefined;
}

/** The one API client: the session cookie, the anti-CSRF header and the language go with every call. */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers = apiHeaders(currentLanguage(), options.headers);
  if (options.token) headers.set('Authorization', options.token);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const url = apiUrl(path, options.query);
  const method = options.method ?? 'GET';
  const early =
    method === 'GET' && !options.signal && !options.headers && options.token === undefined
      ? takeEarlyAnswer(url, headers)
      : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, { method, headers, body, signal: options.signal, credentials: SESSION_CREDENTIALS }));
  } catch (error) {
    // No answer at all (offline, a dropped connection); a call the page cancelled is no trouble.
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportConnectionTrouble();
    throw error;
  }
  if (isGatewayTrouble(response.status)) reportConnectionTrouble();
  else reportConnectionWorks();
  const data = await parseBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, asErrorResponse(data));
    handleGlobally(error, options.globalErrors ?? 'all');
    throw error;
  }
  return { status: response.status, data: data as T, headers: response.headers };
}

/** A GET whose 404 (an endpoint not there yet, or nothing to show) means "nothing". */
export async function getOrNull<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  try {
    return (await api<T>(path, options)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 204)) return null;
    throw error;
  }
}
