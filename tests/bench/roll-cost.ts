// What a losing lucky roll costs, against a baseline commit's, in one run on one machine:
//   node --import tsx tests/bench/roll-cost.ts [baseline commit, default 3563b53]
// The baseline is checked out in a git worktree beside this one (node_modules a hard-linked copy of this tree's, whose
// workspace links then lead to the baseline's packages; .cache linked),
// this tree's tests/bench/hot-creator.ts copied into it (its losing rolls' phase; the processes it runs, their code
// and the database's migrations are the baseline's own). Then the losing rolls' phase alone (BENCH_RATES empty) runs in
// the baseline and here in turn, BENCH_REPEATS times each (default 2), and the medians are compared: the target is a
// losing roll at half or less of the baseline's CPU across all processes, and of its PostgreSQL CPU. Every run must
// end clean (verify, counters, no error) or this exits 1. Other knobs as hot-creator.ts's (BENCH_FANS,
// BENCH_SECONDS, BENCH_LOSING_RATE…).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BASELINE = process.argv[2] ?? '3563b53';
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
/** The target: this tree's figure at most this share of the baseline's. */
const TARGET_RATIO = 0.5;

interface Run {
  tree: 'baseline' | 'current';
  cpuMs: number;
  postgresMs: number;
  statements: number;
  statementsWithNested: number;
}

const LINE =
  /^losing roll: ([\d.]+) ms CPU \(postgres ([\d.]+)\), ([\d.]+) statements \(([\d.]+) with those inside functions/m;

async function baselineTree(): Promise<string> {
  const commit = execFileSync('git', ['rev-parse', '--short', `${BASELINE}^{commit}`], { cwd: ROOT })
    .toString()
    .trim();
  const tree = path.join(os.tmpdir(), `fanmission-roll-cost-${commit}`);
  await fs.rm(tree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: ROOT });
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: ROOT, stdio: 'ignore' });
  execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules')]);
  await fs.symlink(path.join(ROOT, '.cache'), path.join(tree, '.cache'));
  await fs.copyFile(path.join(ROOT, 'tests/bench/hot-creator.ts'), path.join(tree, 'tests/bench/hot-creator.ts'));
  return tree;
}

/** One losing rolls' phase in `cwd`, its output passed through. */
function runPhase(cwd: string, tree: Run['tree']): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/hot-creator.ts'], {
      cwd,
      env: { ...process.env, BENCH_RATES: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const match = LINE.exec(output);
      if (code !== 0 || !match) {
        reject(new Error(`the ${tree} run ended with ${code}${match ? '' : ', without its losing roll line'}`));
        return;
      }
      resolve({
        tree,
        cpuMs: Number(match[1]),
        postgresMs: Number(match[2]),
        statements: Number(match[3]),
        statementsWithNested: Number(match[4]),
      });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const tree = await baselineTree();
console.log(`[roll-cost] baseline ${BASELINE} in ${tree}; ${REPEATS} runs each, in turn; load ${load()}`);
const runs: Run[] = [];
try {
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    runs.push(await runPhase(tree, 'baseline'));
    runs.push(await runPhase(ROOT, 'current'));
  }
} finally {
  await fs.rm(tree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: ROOT });
}

const of = (which: Run['tree'], figure: keyof Omit<Run, 'tree'>) =>
  median(runs.filter((run) => run.tree === which).map((run) => run[figure]));
const figures = (['cpuMs', 'postgresMs', 'statements', 'statementsWithNested'] as const).map((figure) => ({
  figure,
  baseline: of('baseline', figure),
  current: of('current', figure),
}));
console.log(`\n[roll-cost] load at the end ${load()}`);
for (const { figure, baseline, current } of figures) {
  console.log(
    `  ${figure.padEnd(22)} baseline ${baseline.toFixed(2).padStart(7)}  current ${current.toFixed(2).padStart(7)}  ` +
      `ratio ${(current / baseline).toFixed(2)}`,
  );
}
const cpu = figures[0]!;
const postgres = figures[1]!;
const met = cpu.current / cpu.baseline <= TARGET_RATIO && postgres.current / postgres.baseline <= TARGET_RATIO;
console.log(
  `roll cost: ${(cpu.current / cpu.baseline).toFixed(2)} of ${BASELINE}'s CPU across all processes ` +
    `(${cpu.current.toFixed(2)} against ${cpu.baseline.toFixed(2)} ms), ${(postgres.current / postgres.baseline).toFixed(2)} ` +
    `of its PostgreSQL CPU (${postgres.current.toFixed(2)} against ${postgres.baseline.toFixed(2)} ms), ` +
    `${figures[2]!.current.toFixed(1)} statements a roll against ${figures[2]!.baseline.toFixed(1)}; target ` +
    `${TARGET_RATIO} of both: ${met ? 'met' : 'not met'}`,
);
