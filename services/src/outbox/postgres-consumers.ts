/*
 * Embedded mode's consumer runtime: polls the outbox for every consumer in one group poll (postgres-transport.ts),
 * paces the polls, retries a failing consumer one event at a time and parks an event that keeps failing
 * (dead-letters.ts).
 */
import type { Db } from '../db';
import { isDatabaseUnavailable } from '../http';
import { transactionSize, type EventConsumer } from './consumer';
import { DEFAULT_MAX_ATTEMPTS, parkNextEvent, type ParkedEvent } from './dead-letters';
import { consumeOutboxGroup, DEFAULT_BATCH_SIZE, type ConsumerPollResult } from './postgres-transport';

export interface RunningConsumers {
  stop(): Promise<void>;
}

/** The longest pause between two polls that found nothing (default of `maxIdlePollMs`). */
export const MAX_IDLE_POLL_MS = 1_000;

/**
 * The pause before the next poll: none after a full batch; `pollIntervalMs` after a poll that found work; after
 * one that found nothing, twice the last pause, up to `maxIdlePollMs` (an idle outbox is read less and less often, a
 * busy one as often as before).
 */
export function nextPollPause(
  last: number,
  poll: 'full' | 'worked' | 'idle',
  options: { pollIntervalMs: number; maxIdlePollMs: number },
): number {
  if (poll === 'full') return 0;
  if (poll === 'worked' || last <= 0) return options.pollIntervalMs;
  return Math.min(Math.max(last * 2, options.pollIntervalMs), options.maxIdlePollMs);
}

/**
 * Polls the outbox for the consumers until stopped, all of them in one poll (`consumeOutboxGroup`): at once again
 * after a full batch, else after a pause that starts at `pollIntervalMs` and doubles while the polls find nothing, up
 * to `maxIdlePollMs` (`nextPollPause`). A consumer's failing batch (rolled back to its savepoint, the others' kept)
 * is retried with a growing pause, one event at a time, and an event that keeps failing (`maxAttempts`, the database
 * being reachable) is parked as a dead letter so the consumer moves on.
 */
export function startPostgresConsumers(
  db: Db,
  consumers: readonly EventConsumer[],
  options: {
    pollIntervalMs?: number;
    /** The longest pause between polls that find nothing (default MAX_IDLE_POLL_MS). */
    maxIdlePollMs?: number;
    batchSize?: number;
    onError?: (consumer: string, error: unknown) => void;
    /** Failed attempts before an event is parked. */
    maxAttempts?: number;
    /** Called for each parked event: the alert (logged as an error by the runtime, counted on /metrics). */
    onParked?: (parked: ParkedEvent) => void;
  } = {},
): RunningConsumers {
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const pacing = { pollIntervalMs, maxIdlePollMs: Math.max(options.maxIdlePollMs ?? MAX_IDLE_POLL_MS, pollIntervalMs) };
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const stopping = new AbortController();
  const states = consumers.map((consumer) => ({ consumer, failures: 0, retryAt: 0 }));
  type State = (typeof states)[number];

  /**
   * A failed attempt of one consumer: reported, counted, the event parked after `maxAttempts` (true), else a pause.
   */
  const failed = async (state: State, error: unknown): Promise<boolean> => {
    const { consumer } = state;
    options.onError?.(consumer.name, error);
    // An unreachable database is nobody's poison: wait for it without counting.
    if (!isDatabaseUnavailable(error)) state.failures += 1;
    if (state.failures >= maxAttempts) {
      const parked = await parkNextEvent(db, consumer, state.failures, error).catch((parkError: unknown) => {
        options.onError?.(consumer.name, parkError);
        return undefined;
      });
      if (parked) {
        state.failures = 0;
        state.retryAt = 0;
        options.onParked?.(parked);
        return true;
      }
    }
    state.retryAt = Date.now() + Math.min(pollIntervalMs * 2 ** Math.max(state.failures, 1), 5_000);
    return false;
  };

  const loop = (async () => {
    let lastPause = 0;
    while (!stopping.signal.aborted) {
      const due = states.filter((state) => state.retryAt <= Date.now());
      let poll: 'full' | 'worked' | 'idle' = 'idle';
      if (due.length > 0) {
        // After a failure, one event at a time: the next success moves past the good ones, a poison one stays first.
        const limits = new Map(
          due.map((state) => [state, state.failures > 0 ? 1 : transactionSize(state.consumer, batchSize)]),
        );
        let results: Map<string, ConsumerPollResult> | undefined;
        let pollError: unknown;
        try {
          results = await consumeOutboxGroup(
            db,
            due.map((state) => ({ consumer: state.consumer, limit: limits.get(state)! })),
            { readSize: batchSize },
          );
        } catch (error) {
          if (stopping.signal.aborted) break;
          pollError = error;
        }
        for (const state of due) {
          const result = results?.get(state.consumer.name) ?? { error: pollError };
          if ('error' in result) {
            // Parked: the events behind it go at once.
            if (await failed(state, result.error)) poll = 'full';
            continue;
          }
          state.failures = 0;
          if (result.read > 0 && poll === 'idle') poll = 'worked';
          if (result.full) poll = 'full';
        }
      }
      lastPause = nextPollPause(lastPause, poll, pacing);
      // A consumer waiting to retry is polled when its pause is over, however idle the others are.
      const retries = states.map((state) => state.retryAt).filter((at) => at > Date.now());
      const pauseMs = Math.min(lastPause, ...retries.map((at) => at - Date.now()));
      if (pauseMs > 0) await pause(pauseMs, stopping.signal);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePause) => {
    if (signal?.aborted) return resolvePause();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolvePause();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
