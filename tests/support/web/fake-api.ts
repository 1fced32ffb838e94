// Component-test helper: a fetch that answers by method and path (the query left out) and records every call.
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers by method and path (query left out) and records every call. */
export function serve(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    return route ? route(call) : json({ message: `no route ${call.method} ${call.path}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
