import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort, portIsFree } from './free-port';

describe('freePort', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('hands out distinct free ports below the kernel ephemeral range, never the same one twice', async () => {
    const ports = [];
    for (let index = 0; index < 200; index += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(200);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
    }
    expect(await portIsFree(ports[0]!)).toBe(true);
  });

  it('passes over a port another program listens on', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(25_001, '127.0.0.1', resolve));
    try {
      // The first pick falls on the taken port; the next picks on ports other lanes of the suite may hold too, so the
      // answer is the first of them that is free, never the taken one.
      const candidates = Array.from({ length: 20 }, (_, index) => 25_002 + index * 7);
      const picks = [25_001, ...candidates].map((port) => (port - 20_000 + 0.5) / 12_000);
      const random = vi.spyOn(Math, 'random').mockImplementation(() => picks.shift() ?? 0.5);
      const port = await freePort();
      expect(port).not.toBe(25_001);
      expect(candidates).toContain(port);
      expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
