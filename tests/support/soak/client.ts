import type { AppProcess } from '../scale-out';

/*
 * The soak's HTTP client: a load balancer in front of the API processes, as production's would be. A request goes to
 * the next API in turn; a connection refused, reset or timed out (an API killed or paused) counts as a transport
 * error, takes that API out of the rotation for a moment and is sent again to another one; a 503 (the documented
 * "try again" of an outage) is sent again after half a second, with the same Idempotency-Key, for up to three minutes.
 * Every answer is counted by class; observers see each one (the fault schedule measures recoveries with them).
 */

export interface SoakRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** What the request does, for the figures (`mission.request`, `purchase.webhook`…). */
  kind: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: Buffer;
}

export interface SoakAnswer {
  status: number;
  text: string;
  /** The API that answered (`api-1`…). */
  api: string;
  json<T>(): T;
}

export interface Observed {
  kind: string;
  method: string;
  status: number;
  api: string;
  /** When this attempt was sent and answered (ms, performance.now()). */
  sentAt: number;
  answeredAt: number;
}

/** Answers by class over the whole run. */
export interface AnswerCounts {
  requests: number;
  success: number;
  /**
   * Business refusals by code: 409s (NOT_ENOUGH_COINS, a mission already decided…) and an upload over the member's
   * quota (429).
   */
  refusals: Map<string, number>;
  unavailable: number;
  /** Every other 4xx and 5xx (a 500, a 502, a 400 the workload never sends…): `<status> <kind> <body start>`. */
  other: Map<string, number>;
  /** Connection refused, reset or timed out, by API. */
  transport: Map<string, number>;
}

const RETRY_FOR_MS = 180_000;
/** A paused API answers nothing: give up on it after this long and go to another. */
const ATTEMPT_TIMEOUT_MS = 20_000;
const OUT_OF_ROTATION_MS = 3_000;

export interface Balancer {
  send(request: SoakRequest): Promise<SoakAnswer>;
  readonly counts: AnswerCounts;
  observe(observer: (observed: Observed) => void): () => void;
}

export function createBalancer(apis: () => readonly AppProcess[], log?: (line: string) => void): Balancer {
  const counts: AnswerCounts = {
    requests: 0,
    success: 0,
    refusals: new Map(),
    unavailable: 0,
    other: new Map(),
    transport: new Map(),
  };
  const observers = new Set<(observed: Observed) => void>();
  const outUntil = new Map<string, number>();
  let turn = 0;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  const pick = (): AppProcess => {
    const all = apis();
    const now = performance.now();
    const inRotation = all.filter((api) => (outUntil.get(api.name) ?? 0) <= now);
    const pool = inRotation.length > 0 ? inRotation : all;
    turn += 1;
    return pool[turn % pool.length]!;
  };

  const send = async (request: SoakRequest): Promise<SoakAnswer> => {
    const deadline = performance.now() + RETRY_FOR_MS;
    for (;;) {
      const api = pick();
      const sentAt = performance.now();
      counts.requests += 1;
      let status: number;
      let text: string;
      try {
        const response = await fetch(`${api.url}${request.path}`, {
          method: request.method,
          headers: {
            'accept-language': 'en',
            ...request.headers,
            ...(request.json !== undefined && { 'content-type': 'application/json' }),
          },
          ...(request.json !== undefined && { body: JSON.stringify(request.json) }),
          ...(request.body && { body: new Uint8Array(request.body) }),
          redirect: 'manual',
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        status = response.status;
        text = await response.text();
      } catch {
        bump(counts.transport, api.name);
        outUntil.set(api.name, performance.now() + OUT_OF_ROTATION_MS);
        if (performance.now() > deadline) throw new Error(`${request.kind}: no API answered for 3 minutes`);
        continue;
      }
      const observed = { kind: request.kind, method: request.method, status, api: api.name, sentAt };
      for (const observer of observers) observer({ ...observed, answeredAt: performance.now() });
      if (status === 503) {
        counts.unavailable += 1;
        if (performance.now() > deadline) return answer(status, text, api.name);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (status < 400) counts.success += 1;
      else if (status === 409) bump(counts.refusals, codeOf(text));
      // A member's upload quota (60 files an hour): the workload's busiest creators answer more missions than that.
      else if (status === 429 && request.kind === 'file.upload') bump(counts.refusals, `429 ${codeOf(text)}`);
      else {
        bump(counts.other, `${status} ${request.kind} ${text.slice(0, 120)}`);
        // The first few live, for whoever watches the run.
        if (sumOf(counts.other) <= 20)
          log?.(
            `[soak] other answer from ${api.name}: ${status} ${request.method} ${request.path} ${text.slice(0, 300)}`,
          );
      }
      return answer(status, text, api.name);
    }
  };

  return {
    send,
    counts,
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}

const sumOf = (map: Map<string, number>) => [...map.values()].reduce((sum, n) => sum + n, 0);

function answer(status: number, text: string, api: string): SoakAnswer {
  return { status, text, api, json: <T>() => JSON.parse(text) as T };
}

function codeOf(text: string): string {
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : '-';
  } catch {
    return '-';
  }
}
