import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for S3-compatible stores (AWS S3, MinIO, R2, …), header-based. */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it; `/` kept in paths. */
export function encodeRfc3986(text: string, keepSlash = false): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');
}

/** `20130524T000000Z` */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The Authorization header of a request. `headers` must hold every header to sign (host, x-amz-date,
 * x-amz-content-sha256 and any x-amz-* or content headers); names are matched case-insensitively.
 */
export function signRequest(
  credentials: SigV4Credentials,
  request: { method: string; path: string; query?: Record<string, string>; headers: Record<string, string> },
  payloadHash: string,
): string {
  const service = credentials.service ?? 's3';
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const dateTime = headers.find(([name]) => name === 'x-amz-date')?.[1];
  if (!dateTime) throw new Error('x-amz-date must be signed');
  const date = dateTime.slice(0, 8);
  const canonicalQuery = Object.entries(request.query ?? {})
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    request.method,
    encodeRfc3986(request.path, true),
    canonicalQuery,
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', dateTime, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), credentials.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return (
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`
  );
}
