import net from 'node:net';

/**
 * Ports are handed out below the kernel's ephemeral range (Linux: 32768–60999), where the kernel picks the local
 * port of every outgoing connection: a port the kernel picked as free could be taken by such a connection between
 * the check and the server's own bind (seen under load: PostgreSQL "could not create any TCP/IP sockets").
 */
const FIRST_PORT = 20_000;
const PORT_COUNT = 12_000;
/** The ports this process handed out: never twice, even once their first taker has stopped. */
const handedOut = new Set<number>();

/** A loopback port nothing listens on now, below the ephemeral range; the kernel's pick if none is found. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORT_COUNT);
    if (handedOut.has(port) || !(await portIsFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  return kernelPort();
}

function kernelPort(): Promise<number> {
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
