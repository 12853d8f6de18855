/**
 * Tracing is off without OTEL_EXPORTER_OTLP_ENDPOINT (no span is recorded, no header written), and
 * with it spans really leave the process over OTLP/HTTP (a local receiver stands in for Jaeger).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { headers } from '@nats-io/transport-node';
import { endSpan, initTracing, injectTrace, shutdownTracing, startSpan } from '../src/index.js';

describe('OTLP export', () => {
  it('is off, recording nothing, when no endpoint is set', () => {
    expect(initTracing('orders', { env: {} })).toBe(false);
    const span = startSpan('orders', 'nothing');
    expect(span.isRecording()).toBe(false);
    const hdrs = headers();
    injectTrace(span, hdrs);
    expect(hdrs.get('traceparent')).toBe('');
    endSpan(span);
  });

  it('sends spans to OTEL_EXPORTER_OTLP_ENDPOINT when it is set', async () => {
    const received: { url: string; body: Buffer }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ url: request.url ?? '', body: Buffer.concat(chunks) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
    try {
      expect(initTracing('orders')).toBe(true);
      const span = startSpan('orders', 'exported span');
      expect(span.isRecording()).toBe(true);
      const hdrs = headers();
      injectTrace(span, hdrs);
      expect(hdrs.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      endSpan(span);
      await shutdownTracing();
      expect(received.map((r) => r.url)).toEqual(['/v1/traces']);
      // The protobuf body names the span and the service.
      expect(received[0]?.body.toString('latin1')).toContain('exported span');
      expect(received[0]?.body.toString('latin1')).toContain('orders');
    } finally {
      if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
