import type { AdminApproval } from '@fanmission/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { consoleHeaders } from './auth';

/**
 * Every call carries the console's language and the anti-CSRF header; the session is the HttpOnly cookie the browser
 * sends to `/api/admin` by itself, never a token of the page's.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = consoleHeaders(new Headers(options.headers ?? { Accept: 'application/json' }));
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

/**
 * Saves what a console GET answers as a file (a statement's PDF, a transfer CSV), named as the server's
 * Content-Disposition says; an error answer throws with the server's message.
 */
export async function downloadFromApi(url: string): Promise<void> {
  const response = await fetch(url, { headers: consoleHeaders(), credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? response.statusText);
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

const base = simpleRestProvider('/api/admin', httpClient);

/**
 * A money action under the maker-checker rule answers 202 with a staff approval request instead of the record: the
 * record stays as it was, with the request beside it (`pendingApproval`), for the page to say it was sent.
 */
export interface WithPendingApproval {
  pendingApproval?: AdminApproval;
}

/** The console speaks the ra-data-simple-rest dialect to `/api/admin`, plus a few calls of its own. */
export const dataProvider: DataProvider = {
  ...base,
  /**
   * A free-coin grant carries the form's Idempotency-Key (`meta.idempotencyKey`): a retry grants nothing twice. A
   * guarded create (an invitation, a large grant) answers 202: its approval request.
   */
  async create(resource, params) {
    const key = (params.meta as { idempotencyKey?: string } | undefined)?.idempotencyKey;
    const { json, status } = await httpClient(`/api/admin/${resource}`, {
      method: 'POST',
      body: JSON.stringify(params.data),
      headers: new Headers({ Accept: 'application/json', ...(key && { 'Idempotency-Key': key }) }),
    });
    if (status === 202) return { data: { id: (json as AdminApproval).id, pendingApproval: json } };
    // As ra-data-simple-rest answers a create: the record sent, with what the server said (its id) over it.
    const record: typeof json = { ...params.data, ...json };
    return { data: record };
  },
  async update(resource, params) {
    const { json, status } = await httpClient(`/api/admin/${resource}/${encodeURIComponent(String(params.id))}`, {
      method: 'PUT',
      body: JSON.stringify(params.data),
    });
    if (status === 202) return { data: { ...params.previousData, id: params.id, pendingApproval: json } };
    return { data: json };
  },
  /** `GET /api/admin/<path>` for custom pages (dashboard, ledger lookups). */
  async fetchAdmin<T>(path: string): Promise<{ json: T; headers: Headers }> {
    const { json, headers } = await httpClient(`/api/admin/${path}`);
    return { json: json as T, headers };
  },
};

export type ConsoleDataProvider = typeof dataProvider & {
  fetchAdmin<T>(path: string): Promise<{ json: T; headers: Headers }>;
};
