import fs from 'node:fs';
import path from 'node:path';
import { hashPaths } from './lib/content-hash';
import { REPO_ROOT } from './lib/paths';

const APPS = ['web', 'admin-ui'] as const;
type AppName = (typeof APPS)[number];

function sourcesOf(app: AppName): string[] {
  const root = path.join(REPO_ROOT, app);
  return [
    path.join(root, 'src'),
    path.join(root, 'public'),
    path.join(root, 'index.html'),
    path.join(root, 'vite.config.ts'),
    path.join(root, 'package.json'),
    path.join(REPO_ROOT, 'contracts/src'),
    path.join(REPO_ROOT, 'package-lock.json'),
  ];
}

/** Builds the web and admin apps with Vite when their sources changed since the last build. */
export async function ensureAppsBuilt(options: { log?: (line: string) => void; force?: boolean } = {}) {
  const log = options.log ?? console.log;
  for (const app of APPS) {
    const root = path.join(REPO_ROOT, app);
    const stampFile = path.join(root, 'dist', '.build-stamp');
    const hash = hashPaths(sourcesOf(app));
    const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
    if (!options.force && current === hash && fs.existsSync(path.join(root, 'dist', 'index.html'))) continue;
    const started = performance.now();
    log(`building ${app}…`);
    // A build is always a production build, even when the caller runs with NODE_ENV=test (the e2e set-up) or
    // development: Vite would otherwise keep that value and ship React's development build (and the build stamp
    // would let a later `npm start` reuse it). The caller's environment is restored afterwards.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      // Vite is loaded only when something is to be built: importing it costs seconds on every warm start.
      const { build } = await import('vite');
      await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    fs.writeFileSync(stampFile, hash);
    log(`built ${app} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureAppsBuilt({ force: process.argv.includes('--force') });
}
