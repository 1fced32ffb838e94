import { ensureAppsBuilt } from './build-apps';
import { ensureTemporalCli } from './infra/temporal-cli';

// `npm start`: build the web and admin apps when their sources changed, then run every role in this process.
// Request logs stay quiet in the terminal unless LOG_LEVEL asks for them.
process.env.LOG_LEVEL ??= 'warn';
await ensureAppsBuilt({ log: (line) => console.log(`[fanmission] ${line}`) });
if (!process.env.TEMPORAL_ADDRESS) process.env.TEMPORAL_CLI_PATH ??= await ensureTemporalCli();
await import('../services/src/main');
