import { ensureAppsBuilt } from './build-apps';

// `npm start`: build the web and admin apps when their sources changed, then run every role in this process.
// Request logs stay quiet in the terminal unless LOG_LEVEL asks for them.
process.env.LOG_LEVEL ??= 'warn';
const started = performance.now();
await ensureAppsBuilt({ log: (line) => console.log(`[fanmission] ${line}`) });
process.env.FANMISSION_START_MS = String(Math.round(performance.now() - started));
await import('../services/src/main');
