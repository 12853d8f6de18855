/**
 * AWS Signature V4 for a single-object PUT or DELETE (what the S3 media adapter needs, nothing
 * more).
 */
import { createHash, createHmac } from 'node:crypto';

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

export function signS3Request(options: {
  method: 'PUT' | 'DELETE';
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The PUT's body; a DELETE has none. */
  body?: Buffer;
  contentType?: string;
  now?: Date;
}): Record<string, string> {
  const url = new URL(options.url);
  const now = options.now ?? new Date();
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = createHash('sha256')
    .update(options.body ?? Buffer.alloc(0))
    .digest('hex');
  const headers: Record<string, string> = {
    host: url.host,
    ...(options.contentType ? { 'content-type': options.contentType } : {}),
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  const signedHeaders = Object.keys(headers).sort().join(';');
  const canonicalHeaders = Object.keys(headers)
    .sort()
    .map((k) => `${k}:${headers[k]}\n`)
    .join('');
  const canonicalRequest = [
    options.method,
    url.pathname,
    '',
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${options.region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
