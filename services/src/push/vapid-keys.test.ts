import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { keptVapidKeys } from './vapid-keys';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fanmission-vapid-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the VAPID key pair npm start keeps', () => {
  it('is generated once into the data directory (owner-only), then read back, and passes the configuration', async () => {
    const nested = path.join(dataDir, 'new');
    const first = await keptVapidKeys(nested);
    const again = await keptVapidKeys(nested);
    expect(again).toEqual(first);
    const file = path.join(nested, 'web-push-vapid.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const config = loadConfig({
      WEB_PUSH_VAPID_PUBLIC_KEY: first.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: first.privateKey,
    });
    expect(config.WEB_PUSH_VAPID_PUBLIC_KEY).toBe(first.publicKey);
  });

  it('gives two starts racing on a new data directory the same pair', async () => {
    const racing = path.join(dataDir, 'racing');
    const [one, two] = await Promise.all([keptVapidKeys(racing), keptVapidKeys(racing)]);
    expect(two).toEqual(one);
  });
});
