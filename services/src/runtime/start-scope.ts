import type { AppConfig } from '../config';

/** Marks a start that a stop request overtook. */
const stopped = Symbol('stopped');

/**
 * What every step of a start shares: the log, the URLs it prints, and the stops of what it started, run in reverse
 * order by `stop`.
 */
export interface StartScope {
  config: AppConfig;
  log: (line: string) => void;
  urls: Record<string, string>;
  stops: Array<() => Promise<void>>;
  stop(): Promise<void>;
  /** True once a stop was asked for during the start (Ctrl-C). */
  stopAsked(): boolean;
  /** What `pending` gives, or undefined when a stop is asked for first (what it gives later is disposed of). */
  untilStopped<T>(pending: Promise<T>, dispose: (late: T) => unknown): Promise<T | undefined>;
}

export function startScope(config: AppConfig, log: (line: string) => void, signal?: AbortSignal): StartScope {
  const stops: Array<() => Promise<void>> = [];
  return {
    config,
    log,
    urls: {},
    stops,
    async stop() {
      for (const stopOne of stops.reverse().splice(0)) {
        await stopOne().catch((error: unknown) => log(`while stopping: ${String(error)}`));
      }
    },
    stopAsked: () => signal?.aborted === true,
    async untilStopped<T>(pending: Promise<T>, dispose: (late: T) => unknown): Promise<T | undefined> {
      if (!signal) return await pending;
      const disposeLate = () => void pending.then(dispose).catch(() => undefined);
      if (signal.aborted) {
        disposeLate();
        return undefined;
      }
      let onAbort = () => {};
      const aborted = new Promise<typeof stopped>((resolve) => {
        onAbort = () => resolve(stopped);
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const first = await Promise.race([pending, aborted]);
        if (first !== stopped) return first as T;
        disposeLate();
        return undefined;
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

/** Closes a connection that arrived after the stop it was waited for. */
export const closeLate = (late: { close(): Promise<void> }) => late.close();

/** The Temporal SDK's native log level: its DEBUG lines only when the app logs at debug or trace. */
export const temporalLogLevel = (config: AppConfig): 'WARN' | 'DEBUG' =>
  config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'DEBUG' : 'WARN';
