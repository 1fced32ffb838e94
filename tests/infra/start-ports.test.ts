// `npm start` with a port it needs held by another program: one line says which port and which setting moves it, the
// start exits with 1, and nothing it started is left behind. The case seen: the port next to the Temporal dev
// server's (its web UI's, the frontend's + 1000 as in the defaults 7233 and 8233).
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '@fanmission/services/runtime';
import { sessionProcesses, startNpmStart, stopAll, until } from '../support/npm-start';

/** Listens on `port` (127.0.0.1) as another program would, until closed. */
async function occupy(port: number): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

/** A free port whose neighbour 1000 above is free too, that neighbour held by another program. */
async function portBesideAnOccupiedOne(): Promise<{ port: number; occupied: number; holder: net.Server }> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await freePort();
    if (port + 1000 > 65_535) continue;
    const holder = await occupy(port + 1000).catch(() => undefined);
    if (holder) return { port, occupied: port + 1000, holder };
  }
  throw new Error('no free pair of ports 1000 apart');
}

describe('npm start with a port taken', () => {
  it('names the Temporal web UI’s port and its setting in one line, and exits', async () => {
    const { port, occupied, holder } = await portBesideAnOccupiedOne();
    const started = await startNpmStart({ TEMPORAL_DEV_PORT: String(port), TEMPORAL_UI_PORT: String(occupied) });
    try {
      const code = await Promise.race([
        started.exited,
        new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 240_000).unref()),
      ]);
      const output = started.output();
      expect(code, output.slice(-4000)).toBe(1);
      const lines = output.split('\n').filter((line) => line.includes('start-up failed'));
      expect(lines).toEqual([
        `[fanmission] start-up failed: port ${occupied} is taken by another program; the Temporal dev server’s web ` +
          'UI needs it: stop that program or set TEMPORAL_UI_PORT to a free port',
      ]);
      // No stack of any kind (Node's frames, Go's goroutines) and no log lines of a server that never started.
      expect(output).not.toMatch(/^\s+at |goroutine |did not start/m);
      const sid = started.child.pid!;
      await until('every process of npm start to exit', 30_000, async () =>
        sessionProcesses(sid).length === 0 ? true : undefined,
      );
    } finally {
      await stopAll(started.child, started.exited);
      holder.close();
    }
  }, 300_000);
});
