import { createHash, createHmac, type Hash as NodeHash, type Hmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Hash, SourceData } from '@smithy/types';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface StoredObject {
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/**
 * A small S3-compatible server for tests: path-style PutObject, GetObject (whole, or one `Range: bytes=a-b`, 206),
 * HeadObject, DeleteObject and DeleteObjects — what the S3 storage driver sends (the scale-out suite's APIs serve
 * `/files` through it) — and the multipart uploads the resumable uploads' store sends (create, upload a part, list
 * the parts, complete, abort, list the uploads). Objects live in memory, by `/<bucket>/<key>`; no bucket needs creating. Every request's SigV4 signature is
 * recomputed from what arrived on the wire (the signed headers, the path, the payload hash) with the expected
 * credentials; a request that does not match is answered 403 and listed in `refused`. A signed payload hash must
 * match the body, the length must match `Content-Length`, and `aws-chunked` bodies are refused, like the stricter
 * compatible stores do.
 */
export function createLocalS3Server(credentials: S3Credentials) {
  /** Objects by request path, `/<bucket>/<key>`. */
  const objects = new Map<string, StoredObject>();
  const refused: string[] = [];
  /** Multipart uploads under way, by upload id: the object's path, its parts by number, when it began. */
  const multipart = new Map<string, { key: string; parts: Map<number, Buffer>; initiated: Date }>();
  let uploadIds = 0;
  const signer = new SignatureV4({
    service: 's3',
    region: credentials.region,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    sha256: NodeSha256,
    uriEscapePath: false,
  });

  async function verified(request: http.IncomingMessage, body: Buffer): Promise<boolean> {
    const authorization = request.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,\s]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (!signed.includes('host') || !signed.includes('x-amz-content-sha256') || !/^\d{8}T\d{6}Z$/.test(amzDate)) {
      return false;
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) {
      return false;
    }
    const url = new URL(request.url!, 'http://s3.local');
    const expected = await signer.sign(
      {
        method: request.method!,
        protocol: 'http:',
        hostname: url.hostname,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(signed.map((name) => [name, String(request.headers[name])])),
      },
      {
        signingDate: new Date(
          `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:` +
            `${amzDate.slice(13, 15)}Z`,
        ),
      },
    );
    return expected.headers.authorization === authorization;
  }

  async function answer(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse) {
    const url = new URL(request.url!, 'http://s3.local');
    if (!(await verified(request, body))) {
      refused.push(`${request.method} ${url.pathname}`);
      response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const key = decodeURIComponent(url.pathname);
    if (answerMultipart(request, url, key, body, response)) return;
    if (request.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) response.writeHead(404).end();
      else response.writeHead(200, { 'content-length': object.body.length }).end();
      return;
    }
    if (request.method === 'PUT') {
      if (
        Number(request.headers['content-length']) !== body.length ||
        String(request.headers['content-encoding'] ?? '').includes('aws-chunked')
      ) {
        refused.push(`${request.method} ${url.pathname}`);
        response.writeHead(400).end('<Error><Code>InvalidRequest</Code></Error>');
        return;
      }
      objects.set(key, { body, headers: request.headers });
      response.writeHead(200).end();
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      const type = String(object.headers['content-type'] ?? 'application/octet-stream');
      // User metadata comes back as it was put (`x-amz-meta-*`).
      const metadata = Object.fromEntries(
        Object.entries(object.headers).filter(([name]) => name.startsWith('x-amz-meta-')),
      ) as Record<string, string>;
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
      if (!range) {
        response
          .writeHead(200, { ...metadata, 'content-type': type, 'content-length': object.body.length })
          .end(object.body);
        return;
      }
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
      const part = object.body.subarray(start, end + 1);
      response
        .writeHead(206, {
          ...metadata,
          'content-type': type,
          'content-length': part.length,
          'content-range': `bytes ${start}-${end}/${object.body.length}`,
        })
        .end(part);
    } else response.writeHead(405).end();
  }

  const xml = (response: http.ServerResponse, body: string, status = 200) =>
    response
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

  /** The multipart calls and DeleteObjects; false for any other request. */
  function answerMultipart(
    request: http.IncomingMessage,
    url: URL,
    key: string,
    body: Buffer,
    response: http.ServerResponse,
  ): boolean {
    const uploadId = url.searchParams.get('uploadId');
    const bucket = key.split('/')[1] ?? '';
    const objectKey = key.split('/').slice(2).join('/');
    if (request.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!);
      for (const deleted of keys) objects.delete(`/${bucket}/${deleted}`);
      xml(
        response,
        `<DeleteResult>${keys.map((deleted) => `<Deleted><Key>${deleted}</Key></Deleted>`).join('')}</DeleteResult>`,
      );
      return true;
    }
    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `upload-${++uploadIds}`;
      multipart.set(id, { key, parts: new Map(), initiated: new Date() });
      xml(
        response,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${objectKey}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return true;
    }
    if (request.method === 'GET' && url.searchParams.has('uploads')) {
      const uploads = [...multipart.entries()].filter(([, upload]) => upload.key.startsWith(`/${bucket}/`));
      xml(
        response,
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads
          .map(
            ([id, upload]) =>
              `<Upload><Key>${upload.key.split('/').slice(2).join('/')}</Key><UploadId>${id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join('')}</ListMultipartUploadsResult>`,
      );
      return true;
    }
    if (uploadId === null) return false;
    const upload = multipart.get(uploadId);
    if (!upload || upload.key !== key) {
      xml(response, '<Error><Code>NoSuchUpload</Code></Error>', 404);
      return true;
    }
    if (request.method === 'PUT') {
      if (String(request.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        refused.push(`${request.method} ${url.pathname} (aws-chunked)`);
        xml(response, '<Error><Code>InvalidRequest</Code></Error>', 400);
        return true;
      }
      upload.parts.set(Number(url.searchParams.get('partNumber')), body);
      response.writeHead(200, { etag: etagOf(body) }).end();
    } else if (request.method === 'GET') {
      const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b);
      xml(
        response,
        `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${objectKey}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts
          .map(
            ([number, part]) =>
              `<Part><PartNumber>${number}</PartNumber><ETag>${etagOf(part)}</ETag><Size>${part.length}</Size></Part>`,
          )
          .join('')}</ListPartsResult>`,
      );
    } else if (request.method === 'POST') {
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) =>
        Number(match[1]),
      );
      const whole = Buffer.concat(numbers.map((number) => upload.parts.get(number) ?? Buffer.alloc(0)));
      objects.set(key, { body: whole, headers: { 'content-type': 'application/octet-stream' } });
      multipart.delete(uploadId);
      xml(
        response,
        `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${objectKey}</Key><ETag>${etagOf(whole)}</ETag></CompleteMultipartUploadResult>`,
      );
    } else if (request.method === 'DELETE') {
      multipart.delete(uploadId);
      response.writeHead(204).end();
    } else response.writeHead(405).end();
    return true;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(request, Buffer.concat(chunks), response).catch((error: unknown) => {
        refused.push(`${request.method} ${request.url}: ${String(error)}`);
        response.writeHead(500).end();
      });
    });
  });

  return {
    objects,
    refused,
    multipart,
    async listen(): Promise<void> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    },
    async close(): Promise<void> {
      await new Promise((resolve) => server.close(resolve));
    },
    /** `http://127.0.0.1:<port>`, once listening. */
    endpoint(): string {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

/** SHA-256 and HMAC-SHA-256 from node:crypto, in the shape the SDK's signer takes. */
class NodeSha256 implements Hash {
  private hash: NodeHash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.create();
  }

  private create(): NodeHash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(this.secret));
  }

  update(data: SourceData): void {
    this.hash.update(toBuffer(data));
  }

  digest(): Promise<Uint8Array> {
    const digest = new Uint8Array(this.hash.digest());
    this.hash = this.create();
    return Promise.resolve(digest);
  }
}

const toBuffer = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);
