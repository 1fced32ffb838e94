/*
 * A local push service standing in for the browser vendors' (RFC 8030), and the browser's side of a subscription:
 * its P-256 key pair and authentication secret, and the decryption of a message (RFC 8291, aes128gcm) with them, as
 * a browser does before it hands the message to the service worker. The push service records every request and
 * answers 201, or what a test asks of it for the next requests of an endpoint.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One browser's subscription: what `PushSubscription.toJSON()` gives the web app, and the private half it keeps. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private key and secret, which decrypt what is sent to it. */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  /** The endpoint's path, which names the subscription. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

export interface LocalPushService {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: ReceivedPush[];
  /** A new browser subscribed at this service. */
  subscribe(): BrowserSubscription;
  /** The next `count` requests to the endpoint are answered `status` (then 201 again). */
  answer(endpoint: string, status: number, count?: number): void;
  /** Called on every request before it is answered; the answer waits for it. */
  onRequest(listener: ((push: ReceivedPush) => Promise<void> | void) | undefined): void;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; count: number }>();
  let listener: ((push: ReceivedPush) => Promise<void> | void) | undefined;
  let counter = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const planned = answers.get(path);
      let status = 201;
      if (planned && planned.count > 0) {
        status = planned.status;
        planned.count -= 1;
      }
      const push: ReceivedPush = { path, headers: request.headers, body: Buffer.concat(chunks), status };
      received.push(push);
      // A redirect points back at this service: a sender that followed it would show as a second request.
      const headers = status >= 300 && status < 400 ? { location: `${url}/redirected${path}` } : undefined;
      void Promise.resolve(listener?.(push)).finally(() => response.writeHead(status, headers).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    subscribe() {
      counter += 1;
      return browserSubscription(`${url}/push/${counter}-${randomBytes(6).toString('hex')}`);
    },
    answer(endpoint, status, count = 1) {
      answers.set(new URL(endpoint).pathname, { status, count });
    },
    onRequest(next) {
      listener = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A browser's subscription to `endpoint`: a fresh P-256 key pair and 16-byte authentication secret. */
export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    authSecret,
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/**
 * Decrypts an `aes128gcm` message body with the browser's keys (RFC 8291 §3.4, RFC 8188 §2): the header carries the
 * salt, the record size and the sender's ephemeral public key; the keys come from ECDH and HKDF over the
 * authentication secret; the single record ends with the padding delimiter 0x02.
 */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record: not what a push message is');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscription.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  // HKDF-Extract(auth_secret, ecdh_secret), then Expand with "WebPush: info" || 0x00 || ua_public || as_public.
  const prkKey = hmac(subscription.authSecret, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.publicKey, senderPublicKey]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  // HKDF-Extract(salt, IKM), then the content encryption key (16 bytes) and the nonce (12 bytes).
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}
