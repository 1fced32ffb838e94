import { describe, expect, it } from 'vitest';
import { amzDate, sha256Hex, signRequest } from './sigv4';

// The worked examples of AWS's "Signature Calculations for the Authorization Header" (Amazon S3 API reference).
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const host = 'examplebucket.s3.amazonaws.com';
const date = '20130524T000000Z';

describe('SigV4', () => {
  it('signs the GET Object example', () => {
    const empty = sha256Hex('');
    expect(
      signRequest(
        credentials,
        {
          method: 'GET',
          path: '/test.txt',
          headers: { Host: host, Range: 'bytes=0-9', 'x-amz-content-sha256': empty, 'x-amz-date': date },
        },
        empty,
      ),
    ).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the PUT Object example (a key needing encoding, a signed payload)', () => {
    const payload = sha256Hex('Welcome to Amazon S3.');
    expect(
      signRequest(
        credentials,
        {
          method: 'PUT',
          path: '/test$file.text',
          headers: {
            Host: host,
            Date: 'Fri, 24 May 2013 00:00:00 GMT',
            'x-amz-content-sha256': payload,
            'x-amz-date': date,
            'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          },
        },
        payload,
      ),
    ).toMatch(/Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/);
  });

  it('formats the request time', () => {
    expect(amzDate(new Date('2013-05-24T00:00:00.123Z'))).toBe(date);
  });
});
