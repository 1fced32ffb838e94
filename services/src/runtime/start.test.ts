import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@fanmission/tests/harness/database';
import { testConfig } from '@fanmission/tests/harness/app';
import { freePort } from './free-port';
import { startFanmission } from './start';

// The API process used to connect to Temporal before listening, so it could not start while
// Temporal was down, taking every route down with it.
describe('startFanmission --role api', () => {
  it('starts and answers while Temporal cannot be reached', async () => {
    const target = await createTestDatabase();
    const port = await freePort();
    try {
      const config = testConfig({
        DATABASE_URL: target.url,
        PORT: String(port),
        TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      });
      const started = performance.now();
      const running = await startFanmission({ config, role: 'api', log: () => {} });
      try {
        expect(performance.now() - started).toBeLessThan(20_000);
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/coin-items`);
        expect(response.status).toBe(200);
      } finally {
        await running.stop();
      }
    } finally {
      await target.drop();
    }
  }, 60_000);
});
