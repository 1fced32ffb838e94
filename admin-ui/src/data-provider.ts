import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { currentLocale, sessionToken } from './auth';

/** Every call carries the session token and the console's language (the API answers its messages in it). */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = sessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('Accept-Language', currentLocale());
  return fetchUtils.fetchJson(url, { ...options, headers });
}

const base = simpleRestProvider('/api/admin', httpClient);

/** The console speaks the ra-data-simple-rest dialect to `/api/admin`, plus a few calls of its own. */
export const dataProvider: DataProvider = {
  ...base,
  /** `GET /api/admin/<path>` for custom pages (dashboard, ledger lookups). */
  async fetchAdmin<T>(path: string): Promise<{ json: T; headers: Headers }> {
    const { json, headers } = await httpClient(`/api/admin/${path}`);
    return { json: json as T, headers };
  },
};

export type ConsoleDataProvider = typeof dataProvider & {
  fetchAdmin<T>(path: string): Promise<{ json: T; headers: Headers }>;
};
