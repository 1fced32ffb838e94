import type { ServiceContext } from '../context';

export interface PeriodicTask {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then every `intervalMs` until stopped; runs never overlap (a slow run delays the next). A
 * failed run is logged and the next one tries again; a run that returns a positive count logs it as a warning
 * (`countMessage`), for loops whose work is the exception (a reconciler finding something to repair).
 */
export function runPeriodically(
  task: () => Promise<number>,
  options: { intervalMs: number; log: ServiceContext['log']; countMessage: string; failureMessage: string },
): PeriodicTask {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = task()
      .then((count) => {
        if (count > 0) options.log.warn({ count }, options.countMessage);
      })
      .catch((error: unknown) => options.log.error({ err: error }, options.failureMessage));
  };
  run();
  const timer = setInterval(() => {
    void running.then(run);
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
