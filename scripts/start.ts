// `npm start`: every role in this process on embedded infrastructure. The order is chosen for a fast start: the
// Temporal CLI (installed on first use) and the embedded PostgreSQL's start do not wait for the web and admin
// builds, and both servers boot while the services tree loads (after the builds, when there are any: see below).
// Request logs stay quiet in the terminal unless LOG_LEVEL asks.
import { ensureAppsBuilt } from './build-apps';
import { ensureBackupTools } from './infra/barman';
import { ensureEspeakNg } from './infra/espeak-ng';
import { ensureFfmpeg } from './infra/ffmpeg';
import { ensureTemporalCli } from './infra/temporal-cli';
// Not through services/src/runtime/index.ts: that loads the whole app, which is what this start overlaps.
import { prestartEmbeddedInfrastructure, stopPrestarted } from '../services/src/runtime/prestart';
import { loadConfig } from '../services/src/config';
import { keptVapidKeys } from '../services/src/push/vapid-keys';
import { parseRole } from '../services/src/runtime/roles';

process.env.LOG_LEVEL ??= 'warn';
const log = (line: string) => console.log(`[fanmission] ${line}`);

// Until main.ts takes over the signals, a Ctrl-C (or the bootstrap's SIGTERM) stops what was started early.
const early = (signal: NodeJS.Signals) => {
  log(`${signal} received, stopping…`);
  void stopPrestarted().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, early);

// Read before the builds start: a build sets NODE_ENV=production while Vite runs (scripts/build-apps.ts), and a
// configuration read then was a production one, refused for its missing secrets (so nothing was prestarted).
let embedded: { role: string; config: ReturnType<typeof loadConfig> } | undefined;
try {
  embedded = { role: parseRole(process.argv.slice(2)), config: loadConfig() };
} catch {
  // main.ts reports a bad setting or role and exits.
}

const appsBuilt = ensureAppsBuilt({ log });
const temporalCli = process.env.TEMPORAL_ADDRESS || process.env.TEMPORAL_CLI_PATH ? undefined : ensureTemporalCli();
// Reported where it is awaited below; the dev server's start waits for it too.
temporalCli?.catch(() => undefined);
// The embedded database's backups (on unless BACKUP_ENABLED=false) need Barman and rsync, installed on the first
// start; the server starts once rsync is there (its archive_command). Where they cannot be installed, the product
// starts without backups and says so.
const backupTools =
  embedded?.role === 'all' && !embedded.config.DATABASE_URL && embedded.config.BACKUP_ENABLED
    ? ensureBackupTools(log).catch((error: unknown) => {
        log(`BACKUPS ARE OFF: ${error instanceof Error ? error.message : String(error)}`);
        process.env.BACKUP_ENABLED = 'false';
        return undefined;
      })
    : undefined;
// The media tools, installed as `npm test` installs them (after the backup tools: one apt-get at a time): ffmpeg for
// uploads' poster frames and durations and the demo world's videos, espeak-ng for its voices. Where one cannot be
// installed, one line names it and the command that installs it, and the product starts without it.
const mediaTools =
  embedded?.role === 'all'
    ? (async () => {
        await backupTools;
        for (const [name, ensure] of [
          ['ffmpeg', ensureFfmpeg],
          ['espeak-ng', ensureEspeakNg],
        ] as const) {
          await ensure({ log }).catch((error: unknown) =>
            log(`WITHOUT ${name.toUpperCase()}: ${error instanceof Error ? error.message : String(error)}`),
          );
        }
      })()
    : undefined;
if (embedded?.role === 'all') {
  const { config } = embedded;
  prestartEmbeddedInfrastructure({
    config,
    log,
    beforeApp: appsBuilt,
    ...(temporalCli && { temporalCli }),
    ...(backupTools && {
      postgresConfig: backupTools.then((tools) => (tools ? config : { ...config, BACKUP_ENABLED: false })),
    }),
  });
} else {
  await appsBuilt;
}
try {
  // main.ts reads the CLI's path from the environment.
  if (temporalCli) process.env.TEMPORAL_CLI_PATH = await temporalCli;
  const tools = await backupTools;
  if (tools) process.env.BARMAN_PATH = tools.barman;
  // The demo seed and the uploads find them where these installed them.
  await mediaTools;
  // Web push signs with a VAPID key pair: unless one is configured, the pair generated on the first start and kept
  // in DATA_DIR (production requires its own, services/src/config/config.ts).
  if (embedded && !embedded.config.isProduction && !embedded.config.WEB_PUSH_VAPID_PUBLIC_KEY) {
    const keys = await keptVapidKeys(embedded.config.DATA_DIR);
    process.env.WEB_PUSH_VAPID_PUBLIC_KEY = keys.publicKey;
    process.env.WEB_PUSH_VAPID_PRIVATE_KEY = keys.privateKey;
  }
  // main.ts reads its configuration from the environment, so not while a build has NODE_ENV=production (above);
  // nothing to wait for on a start with nothing to build.
  await appsBuilt;
  await import('../services/src/main');
} catch (error) {
  await stopPrestarted();
  throw error;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeListener(signal, early);
