/**
 * A cheap HTTP client for load the benchmark drives itself at a set pace: node:http over kept-alive
 * sockets. fetch (undici) cost the lag benchmark's process about as much CPU per request as the
 * gateway spends answering it, CPU that the 2 cores of this machine then lacked for the system
 * under test (bench/README.md, event lag).
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Sends one request; resolves with its status and `answeredAt` (from `clock`, taken when the status
 * line arrived, before the body is read) once the body is read, and the body's text when
 * `keepBody` is set.
 */
export function send(url, { method = 'GET', headers = {}, body, clock, keepBody = false }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: payload ? { ...headers, 'content-length': payload.length } : headers,
      },
      (response) => {
        const answeredAt = clock();
        const chunks = [];
        response.on('data', (chunk) => keepBody && chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            answeredAt,
            ...(keepBody ? { body: Buffer.concat(chunks).toString() } : {}),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
