/**
 * One limit on every request body, multipart included, enforced while the body arrives (a 413
 * answered before the client has finished sending, nothing buffered past the limit), and time
 * limits that close the connection of a client that sends too slowly. Sent over real sockets to a
 * listening gateway: the in-process injection would hand the body over whole.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startFullStack, type FullStack } from '../support/full-stack.js';

const BODY_LIMIT = 2 * 1024 * 1024;
const OFFERED = 60 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface StreamedAnswer {
  status: number;
  body: string;
  /** Bytes of the body the client had handed to its socket when the answer arrived. */
  sentBeforeAnswer: number;
  /** Growth of this process's heap and buffers (the gateway runs in it) while the body was sent. */
  memoryGrowth: number;
}

function usedMemory(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * Sends `head` then filler bytes up to OFFERED, as fast as the connection takes them, and stops the
 * moment an answer arrives.
 */
function streamBody(
  port: number,
  path: string,
  headers: Record<string, string>,
  head: Buffer,
  declareLength: boolean,
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    const before = usedMemory();
    let peak = before;
    let sent = 0;
    let answered = false;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path,
      agent: false,
      headers: declareLength ? { ...headers, 'content-length': String(OFFERED) } : headers,
    });
    request.on('response', (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          sentBeforeAnswer,
          memoryGrowth: peak - before,
        }),
      );
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < OFFERED) {
        const piece = sent === 0 ? head : CHUNK;
        sent += piece.length;
        peak = Math.max(peak, usedMemory());
        if (!request.write(piece)) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

function multipartHead(boundary: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nMaple Grove Elementary\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="address"\r\n\r\n`,
  );
}

describe('request body and time limits', () => {
  let stack: FullStack;
  let port: number;
  let school: string;
  let volunteer: string;

  beforeAll(async () => {
    stack = await startFullStack({
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      REQUEST_TIMEOUT_MS: '3000',
      HEADERS_TIMEOUT_MS: '2000',
    });
    await stack.app.listen(0, '127.0.0.1');
    port = (stack.app.getHttpServer().address() as AddressInfo).port;
    school = await stack.login('maplegrove');
    volunteer = await stack.login('volunteer');
  }, 120_000);
  afterAll(() => stack.close());

  const cases: [string, string, () => string][] = [
    ['the profile form', '/api/v1/me/update', () => school],
    ['the volunteer order update', `/api/v1/admin/order/${randomUUID()}`, () => volunteer],
  ];

  it.each(cases)(
    'answers 413 to %s declaring 60 MB before reading it',
    async (_name, path, cookie) => {
      const boundary = `lr${randomUUID()}`;
      const answer = await streamBody(
        port,
        path,
        { cookie: cookie(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        multipartHead(boundary),
        true,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(answer.sentBeforeAnswer).toBeLessThan(OFFERED);
      expect(answer.memoryGrowth).toBeLessThan(OFFERED / 3);
    },
    60_000,
  );

  it.each(cases)(
    'answers 413 to %s sent chunked the moment it passes the limit, still being sent',
    async (_name, path, cookie) => {
      const boundary = `lr${randomUUID()}`;
      const answer = await streamBody(
        port,
        path,
        { cookie: cookie(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        multipartHead(boundary),
        false,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(answer.sentBeforeAnswer).toBeLessThan(OFFERED);
      expect(answer.memoryGrowth).toBeLessThan(OFFERED / 3);
    },
    60_000,
  );

  it('holds a multipart text field to the contract field sizes', async () => {
    const boundary = `lr${randomUUID()}`;
    const payload = Buffer.concat([
      multipartHead(boundary),
      Buffer.alloc(100 * 1024, 'b'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await stack.request({
      method: 'PUT',
      url: '/api/v1/me/update',
      cookie: school,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(JSON.parse(response.body).message).toContain('address');
  });

  it('answers 413 to an admin product form over the limit', async () => {
    const admin = await stack.login('admin');
    const boundary = `lr${randomUUID()}`;
    const answer = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/console/products',
        agent: false,
        headers: {
          cookie: admin,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(BODY_LIMIT + 1),
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(answer).toBe(413);
  });

  /** Opens a connection, sends `head`, then one byte at a time until the server ends it. */
  function trickle(head: string, nextByte: string): Promise<{ answer: string; trickled: number }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let trickled = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (socket.writable) {
            socket.write(nextByte);
            trickled += 1;
          }
        }, 200);
      });
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', () => undefined); // a reset after the 408 is the server closing
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, trickled });
      });
      socket.on('timeout', () => reject(new Error('no answer')));
    });
  }

  it('closes the connection of a client that trickles its body (408)', async () => {
    const { answer, trickled } = await trickle(
      'PUT /api/v1/me/update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Cookie: ${school}\r\nContent-Length: 100000\r\n\r\n{"name":"`,
      'a',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(trickled).toBeLessThan(100_000);
  }, 30_000);

  it('closes the connection of a client that trickles its headers (408)', async () => {
    const { answer, trickled } = await trickle(
      'GET /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      'a',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(trickled).toBeLessThan(1000);
  }, 30_000);
});
