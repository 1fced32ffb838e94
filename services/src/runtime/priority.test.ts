import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { threadNiceValues } from '@fanmission/tests/support/thread-priority';
import { lowerCpuPriority } from './priority';

// A Node process with its usual threads (libuv, V8 platform) that starts one more thread on each input line and
// answers with that thread's own nice value.
const THREAD_STARTER = `
const { Worker } = require('node:worker_threads');
require('node:readline').createInterface({ input: process.stdin }).on('line', () => {
  const thread = new Worker("require('node:worker_threads').parentPort.postMessage(require('node:os').getPriority())", { eval: true });
  thread.once('message', (nice) => { process.stdout.write(nice + '\\n'); });
});
process.stdout.write('ready\\n');
`;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function startThreadStarter() {
  const child = spawn(process.execPath, ['-e', THREAD_STARTER], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  expect((await lines.next()).value).toBe('ready');
  return {
    pid: child.pid!,
    async niceOfNewThread(): Promise<number> {
      child.stdin!.write('\n');
      return Number((await lines.next()).value);
    },
  };
}

describe.runIf(process.platform === 'linux')('lowerCpuPriority', () => {
  it('lowers every thread of the process, and the threads it starts afterwards take the lowered value', async () => {
    const starter = await startThreadStarter();
    expect(threadNiceValues(starter.pid).every((nice) => nice === os.getPriority())).toBe(true);
    expect(await starter.niceOfNewThread()).toBe(os.getPriority());

    expect(lowerCpuPriority(starter.pid, 10)).toBeGreaterThan(1);

    expect(new Set(threadNiceValues(starter.pid))).toEqual(new Set([10]));
    expect(await starter.niceOfNewThread()).toBe(10);
  });

  it('never raises a priority: a nicer thread keeps its value, and a second call changes nothing', async () => {
    const starter = await startThreadStarter();
    lowerCpuPriority(starter.pid, 15);

    expect(lowerCpuPriority(starter.pid, 10)).toBe(0);
    expect(new Set(threadNiceValues(starter.pid))).toEqual(new Set([15]));
    expect(await starter.niceOfNewThread()).toBe(15);
  });

  it('skips a process that has ended', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    expect(lowerCpuPriority(child.pid!, 10)).toBe(0);
  });
});
