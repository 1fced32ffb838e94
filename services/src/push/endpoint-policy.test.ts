import { describe, expect, it } from 'vitest';
import { endpointRefusal, isPublicAddress, publicOnlyLookup } from './endpoint-policy';
import { marketingSendableAt } from './preferences';

describe('push endpoints', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGh0dHBzOi8v',
    'https://fcm.googleapis.com:443/fcm/send/x',
  ])('accepts the vendors’ push services in production: %s', (endpoint) => {
    expect(endpointRefusal(endpoint, true)).toBeUndefined();
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'push.endpointNotHttps'],
    ['http://127.0.0.1:9090/push/x', 'push.endpointNotHttps'],
    ['ftp://fcm.googleapis.com/x', 'push.endpointNotHttps'],
    ['https://push.example.com/x', 'push.endpointHost'],
    ['https://fcm.googleapis.com.example.com/x', 'push.endpointHost'],
    ['https://evilpush.services.mozilla.com/x', 'push.endpointHost'],
    ['https://fcm.googleapis.com:8443/x', 'push.endpointHost'],
    ['https://user:secret@fcm.googleapis.com/x', 'push.endpointHost'],
    ['https://127.0.0.1/push', 'push.endpointHost'],
    ['https://localhost/push', 'push.endpointHost'],
    ['https://10.0.0.5/push', 'push.endpointHost'],
    ['https://192.168.1.20/push', 'push.endpointHost'],
    ['https://169.254.169.254/latest/meta-data', 'push.endpointHost'],
    ['https://[::1]/push', 'push.endpointHost'],
    ['https://[fd00::1]/push', 'push.endpointHost'],
    ['https://8.8.8.8/push', 'push.endpointHost'],
    ['not a url', 'push.endpointHost'],
  ])('refuses %s in production (%s)', (endpoint, refusal) => {
    expect(endpointRefusal(endpoint, true)).toBe(refusal);
  });

  it('accepts a loopback push service outside production only, and still no other host', () => {
    for (const endpoint of ['http://127.0.0.1:9090/push/x', 'https://localhost:8443/push', 'http://[::1]:9/p']) {
      expect(endpointRefusal(endpoint, false), endpoint).toBeUndefined();
    }
    expect(endpointRefusal('http://10.0.0.5:9090/push/x', false)).toBe('push.endpointNotHttps');
    expect(endpointRefusal('https://push.example.com/x', false)).toBe('push.endpointHost');
  });

  it('tells public addresses from private, loopback, link-local and shared ones', () => {
    for (const address of ['142.250.196.106', '2607:f8b0:4004:c1b::5f']) expect(isPublicAddress(address)).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['::1', 'fd12::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:a00:1', '0.0.0.0', 'localhost']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses to connect where a name resolves to a loopback address', async () => {
    const outcome = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      publicOnlyLookup('localhost', {}, (error, address) => resolve({ error, address })),
    );
    expect(outcome.error?.code).toBe('EPUSHADDRESS');
    expect(outcome.error?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), not a public address$/);
  });
});

describe('promotions by push', () => {
  const kst = (time: string) => new Date(`2026-11-27T${time}+09:00`);
  const consentedAt = new Date('2026-01-01T00:00:00Z');

  it('are never sent without the member’s consent', () => {
    expect(marketingSendableAt({ consentedAt: null, nightConsentedAt: null }, kst('12:00:00'))).toBeUndefined();
  });

  it('wait from 21:00 to 08:00 Korea time without the night consent, and go at once with it', () => {
    const dayOnly = { consentedAt, nightConsentedAt: null };
    expect(marketingSendableAt(dayOnly, kst('08:00:00'))).toEqual(kst('08:00:00'));
    expect(marketingSendableAt(dayOnly, kst('20:59:59'))).toEqual(kst('20:59:59'));
    expect(marketingSendableAt(dayOnly, kst('21:00:00'))).toEqual(new Date('2026-11-28T08:00:00+09:00'));
    expect(marketingSendableAt(dayOnly, kst('03:30:00'))).toEqual(kst('08:00:00'));
    const night = { consentedAt, nightConsentedAt: consentedAt };
    expect(marketingSendableAt(night, kst('23:00:00'))).toEqual(kst('23:00:00'));
  });
});
