import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

// Compose gave Docker's default 10 s stop grace period while the process's shutdown watchdog
// allows 30 s, so containers were SIGKILLed in the middle of a graceful stop.
describe('shutdown budget', () => {
  it('gives every application container more time to stop than the process’s own shutdown watchdog', () => {
    const main = readFileSync(path.join(REPO_ROOT, 'services/src/main.ts'), 'utf8');
    const watchdogMs = Number(/}, (\d[\d_]*)\);\s*\n\s*watchdog\.unref\(\)/.exec(main)?.[1]?.replaceAll('_', ''));
    expect(watchdogMs).toBeGreaterThan(0);
    const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    const anchor = compose.slice(compose.indexOf('x-app: &app'), compose.indexOf('\nservices:'));
    const grace = /^\s+stop_grace_period:\s*(\d+)s\s*$/m.exec(anchor);
    expect(grace, 'stop_grace_period in the x-app anchor every role shares').not.toBeNull();
    expect(Number(grace![1]) * 1000).toBeGreaterThan(watchdogMs);
  });
});
