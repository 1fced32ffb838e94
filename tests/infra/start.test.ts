// `npm start` as a user runs it: the bundled server becomes healthy with the demo data
// and prints its URLs; Ctrl-C to the process group, or a SIGTERM to the bootstrap while the embedded PostgreSQL and
// the Temporal dev server are starting early, leaves no process behind. And the server bundle's cache: reused while
// its inputs are unchanged, rebuilt when one changes, each module keeping its own import.meta.url.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/lib/paths';
import { scratchDir, sessionProcesses, startNpmStart, stopAll, until, untilHealthy } from '../support/npm-start';
import {
  ensureServerBundle as ensureBundle,
  serverBundleDir as bundleDirOf,
} from '../../scripts/lib/server-bundle.mjs';

describe('npm start', () => {
  it('becomes healthy with the demo data and its URLs, and Ctrl-C stops every process', async () => {
    const started = await startNpmStart();
    try {
      await untilHealthy(started);
      // The log says ready once the worker polls too; the URLs come after it.
      await until('the ready lines', 120_000, async () => (started.output().includes('started in') ? true : undefined));
      expect(started.output()).toContain('demo accounts (password fanmission1)');
      expect(started.output()).toContain(`web        http://localhost:${started.port}/`);
      expect(started.output()).toContain('temporalUi');
      const creators = await fetch(`http://127.0.0.1:${started.port}/api/v1/creators/page`);
      expect(creators.status).toBe(200);

      const sid = started.child.pid!;
      expect(sessionProcesses(sid).some((line) => line.endsWith(' postgres'))).toBe(true);
      expect(sessionProcesses(sid).some((line) => line.endsWith(' temporal'))).toBe(true);
      // Ctrl-C in a terminal: SIGINT to the whole foreground process group.
      process.kill(-sid, 'SIGINT');
      const code = await started.exited;
      expect(code, started.output().slice(-4000)).toBe(0);
      expect(started.output()).toContain('[fanmission] stopped');
      await until('every process of npm start to exit', 30_000, async () =>
        sessionProcesses(sid).length === 0 ? true : undefined,
      );
    } finally {
      await stopAll(started.child, started.exited);
    }
  }, 420_000);

  it('stops cleanly on a Ctrl-C right after the first health answer, while the worker is still starting', async () => {
    // The worker connects after the API listens; Ctrl-C also stops the dev server, so the worker's connection used
    // to retry for ~20 s and fail the whole start ("start-up failed", exit 1).
    const started = await startNpmStart();
    try {
      // The first answer of /health, UP or not: as early in the start as a user could press Ctrl-C after it.
      await until('a health answer', 240_000, async () => {
        if (started.child.exitCode !== null) throw new Error(`npm start exited:\n${started.output()}`);
        const response = await fetch(`http://127.0.0.1:${started.port}/api/v1/health`).catch(() => undefined);
        return response?.ok ? true : undefined;
      });
      const sid = started.child.pid!;
      process.kill(-sid, 'SIGINT');
      const code = await started.exited;
      expect(code, started.output().slice(-4000)).toBe(0);
      expect(started.output()).toContain('[fanmission] stopped');
      expect(started.output()).not.toContain('start-up failed');
      await until('every process of npm start to exit', 30_000, async () =>
        sessionProcesses(sid).length === 0 ? true : undefined,
      );
    } finally {
      await stopAll(started.child, started.exited);
    }
  }, 420_000);

  it('stops the early-started PostgreSQL and Temporal dev server on a SIGTERM during start-up', async () => {
    const started = await startNpmStart();
    try {
      const sid = started.child.pid!;
      // The dev server is spawned before the services tree loads: signal as soon as it exists.
      await until('the Temporal dev server process', 240_000, async () => {
        if (started.child.exitCode !== null) throw new Error(`npm start exited:\n${started.output()}`);
        return sessionProcesses(sid).some((line) => line.endsWith(' temporal')) ? true : undefined;
      });
      // What npm (or kill) does: a signal to the bootstrap alone, passed on to the server process.
      started.child.kill('SIGTERM');
      await started.exited;
      await until('every process of npm start to exit', 30_000, async () =>
        sessionProcesses(sid).length === 0 ? true : undefined,
      );
    } finally {
      await stopAll(started.child, started.exited);
    }
  }, 420_000);
});

describe('the server bundle of npm start', () => {
  it('is reused while its inputs are unchanged and rebuilt when one changes', async () => {
    // A scratch project beside the real node_modules (esbuild, zod): an entry and a module it imports.
    const root = await scratchDir('fanmission-bundle-');
    await fs.symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
    await fs.writeFile(path.join(root, 'package-lock.json'), '{}');
    const entry = `scripts/bundle-test-${process.pid}.ts`;
    await fs.mkdir(path.join(root, 'scripts', 'lib'), { recursive: true });
    await fs.writeFile(
      path.join(root, entry),
      [
        "import { z } from 'zod';",
        "import { answer, where } from './lib/answer';",
        'console.log(JSON.stringify({ answer: z.number().parse(answer), where, entry: import.meta.url }));',
      ].join('\n'),
    );
    const answerFile = path.join(root, 'scripts', 'lib', 'answer.ts');
    await fs.writeFile(answerFile, 'export const answer: number = 41;\nexport const where = import.meta.url;\n');
    const bundleDir = bundleDirOf(root, entry);
    try {
      const run = (file: string) =>
        JSON.parse(execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8' })) as {
          answer: number;
          where: string;
          entry: string;
        };
      const logs: string[] = [];
      const first = await ensureBundle({ root, entry, log: (line) => logs.push(line) });
      expect(first).toMatch(/\.mjs$/);
      expect(logs.join('\n')).toMatch(/bundled the server \(2 modules\)/);
      expect(run(first!)).toEqual({
        answer: 41,
        where: pathToFileURL(answerFile).href,
        entry: pathToFileURL(path.join(root, entry)).href,
      });

      const again = await ensureBundle({ root, entry, log: (line) => logs.push(line) });
      expect(again).toBe(first);
      expect(logs).toHaveLength(1);

      await fs.writeFile(answerFile, 'export const answer: number = 42;\nexport const where = import.meta.url;\n');
      const changed = await ensureBundle({ root, entry, log: (line) => logs.push(line) });
      expect(changed).not.toBe(first);
      expect(logs).toHaveLength(2);
      expect(run(changed!).answer).toBe(42);

      // A workspace with its own node_modules would resolve packages differently: tsx instead of a bundle.
      await fs.mkdir(path.join(root, 'services', 'node_modules', 'zod'), { recursive: true });
      expect(await ensureBundle({ root, entry, log: (line) => logs.push(line) })).toBeNull();
    } finally {
      await fs.rm(bundleDir, { recursive: true, force: true });
    }
  }, 120_000);
});
