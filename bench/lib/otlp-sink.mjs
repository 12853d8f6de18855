/**
 * A stand-in for a trace collector: accepts OTLP/HTTP trace exports (POST /v1/traces) and counts
 * the spans in them, so a benchmark with tracing on pays for a real export over HTTP and can say how
 * many spans arrived. Protobuf bodies (the exporter's default) are walked just far enough to count
 * spans; JSON bodies are parsed.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/** Reads a protobuf varint at `offset`: [value, next offset]. */
function varint(buffer, offset) {
  let value = 0;
  let shift = 0;
  let at = offset;
  for (;;) {
    const byte = buffer[at];
    if (byte === undefined) throw new Error('truncated varint');
    at += 1;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
    shift += 7;
  }
}

/** The length-delimited fields numbered `field` of a protobuf message, as sub-buffers. */
function embedded(buffer, field) {
  const found = [];
  let at = 0;
  while (at < buffer.length) {
    const [key, afterKey] = varint(buffer, at);
    const number = Math.floor(key / 8);
    const wireType = key % 8;
    at = afterKey;
    if (wireType === 0) at = varint(buffer, at)[1];
    else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else if (wireType === 2) {
      const [length, start] = varint(buffer, at);
      if (number === field) found.push(buffer.subarray(start, start + length));
      at = start + length;
    } else throw new Error(`unexpected wire type ${wireType}`);
  }
  return found;
}

/**
 * Spans in an ExportTraceServiceRequest: resource_spans (1) > scope_spans (2) > spans (2).
 */
export function countProtobufSpans(body) {
  let spans = 0;
  for (const resource of embedded(body, 1)) {
    for (const scope of embedded(resource, 2)) spans += embedded(scope, 2).length;
  }
  return spans;
}

function countJsonSpans(body) {
  const request = JSON.parse(body.toString('utf8'));
  let spans = 0;
  for (const resource of request.resourceSpans ?? []) {
    for (const scope of resource.scopeSpans ?? []) spans += scope.spans?.length ?? 0;
  }
  return spans;
}

export async function startOtlpSink() {
  const counts = { spans: 0, exports: 0, unreadable: 0 };
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      try {
        if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        const json = String(request.headers['content-type'] ?? '').includes('json');
        counts.spans += json ? countJsonSpans(body) : countProtobufSpans(body);
        counts.exports += 1;
      } catch {
        counts.unreadable += 1;
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    counts,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
