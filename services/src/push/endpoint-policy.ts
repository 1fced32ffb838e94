import dns from 'node:dns';
import net from 'node:net';

/*
 * Where the sender may connect: a subscription's endpoint is an address the browser hands us, so it is checked before
 * it is stored and again on every connection (the address a name resolves to then), or the API could be made to post
 * into the platform's own network.
 *
 * In production only https on port 443 to the browser vendors' push services:
 * - fcm.googleapis.com: Chrome, Edge on Android, Samsung Internet, Opera (Firebase Cloud Messaging);
 * - *.push.services.mozilla.com: Firefox (Mozilla autopush, updates.push.services.mozilla.com);
 * - *.notify.windows.com: Edge on Windows (Windows Push Notification Services, wns2-*.notify.windows.com);
 * - *.push.apple.com: Safari (web.push.apple.com; Apple asks senders that restrict hosts to allow *.push.apple.com).
 * Outside production a push service on the loopback (http or https, any port) stands in, as the payment sandboxes do.
 */
const VENDOR_HOSTS = ['fcm.googleapis.com'];
const VENDOR_DOMAINS = ['.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

export type EndpointRefusal = 'push.endpointNotHttps' | 'push.endpointHost';

/** Why an endpoint may not be stored or sent to; undefined when it may. */
export function endpointRefusal(endpoint: string, production: boolean): EndpointRefusal | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'push.endpointHost';
  }
  if (url.username || url.password) return 'push.endpointHost';
  const host = url.hostname.toLowerCase();
  if (!production && LOOPBACK_HOSTS.includes(host) && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return undefined;
  }
  if (url.protocol !== 'https:') return 'push.endpointNotHttps';
  if (url.port !== '' && url.port !== '443') return 'push.endpointHost';
  // An address literal is never a vendor's push service (and `net.isIP` sees through no bracket: strip it).
  if (net.isIP(host.replace(/^\[|\]$/g, '')) !== 0) return 'push.endpointHost';
  const vendor = VENDOR_HOSTS.includes(host) || VENDOR_DOMAINS.some((domain) => host.endsWith(domain));
  return vendor ? undefined : 'push.endpointHost';
}

/** Addresses no push service has: private, loopback, link-local, shared, multicast, documentation, unspecified. */
const NON_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NON_PUBLIC.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, `::ffff:7f00:1`) stands for. */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  const ipv4 = family === 6 ? mappedIpv4(address) : address;
  if (ipv4 !== undefined) return !NON_PUBLIC.check(ipv4, 'ipv4');
  return !NON_PUBLIC.check(address, 'ipv6');
}

/**
 * The `lookup` of the sender's connections in production: resolves as usual and refuses any answer that is not a
 * public address, so a vendor's name that resolved into our network (a poisoned or rebinding resolver) is not
 * reached. The connection goes to the address checked here.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) {
      const problem = new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`);
      return callback(Object.assign(problem, { code: 'EPUSHADDRESS' }), '', 0);
    }
    if ((options as dns.LookupOptions).all) return (callback as unknown as AllCallback)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};
type AllCallback = (error: Error | null, addresses: dns.LookupAddress[]) => void;
