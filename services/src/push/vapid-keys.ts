import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new VAPID key pair (P-256, base64url), as `npx web-push generate-vapid-keys` makes one. */
export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/**
 * The key pair `npm start` uses when WEB_PUSH_VAPID_* are unset: generated on the first start and kept in
 * `<dataDir>/web-push-vapid.json` (owner-only), so the browsers subscribed with its public key stay subscribed
 * across restarts. A new pair would orphan every subscription.
 */
export async function keptVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'web-push-vapid.json');
  try {
    const kept = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = generateVapidKeys();
  await fs.mkdir(dataDir, { recursive: true });
  // Written whole under another name, then linked into place: of two starts racing, the second reads the first one's
  // complete pair.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await fs.writeFile(draft, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keptVapidKeys(dataDir);
    throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
  return keys;
}
