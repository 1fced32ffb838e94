import net from 'node:net';

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A port another program holds: the message is the one line a person needs (what wants it, which setting moves it). */
export class PortTakenError extends Error {
  constructor(
    readonly port: number,
    what: string,
    setting?: string,
  ) {
    super(
      `port ${port} is taken by another program; ${what} needs it: stop that program` +
        (setting ? ` or set ${setting} to a free port` : ''),
    );
    this.name = 'PortTakenError';
  }
}

/** Whether `port` can be listened on at `host` now (false when another program holds it). */
export async function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    );
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Throws a PortTakenError for the first of `ports` that another program holds. */
export async function ensurePortsFree(
  ports: readonly { port: number; what: string; setting?: string | undefined }[],
  host = '127.0.0.1',
): Promise<void> {
  for (const { port, what, setting } of ports) {
    if (!(await portIsFree(port, host))) throw new PortTakenError(port, what, setting);
  }
}
