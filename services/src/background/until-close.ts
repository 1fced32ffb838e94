import type { FastifyInstance } from 'fastify';

/**
 * Work a request starts and does not wait for (e.g. a ledger verify run): the returned function tracks it, and the
 * app waits for all of it to settle when it closes, so no run is cut off half-way by a shutdown.
 */
export function awaitedOnClose(app: FastifyInstance): (work: Promise<void>) => void {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  return (work) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
}
