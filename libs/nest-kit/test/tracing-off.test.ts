/**
 * With tracing off (no provider in this process), untraced work shares one no-op span and keeps
 * its request context, while a trace that arrives from upstream is still passed on unchanged.
 */
import { headers } from '@nats-io/transport-node';
import {
  currentContext,
  endSpan,
  extractTrace,
  injectTrace,
  runWithContext,
  startSpan,
  tracingOn,
  UNTRACED_SPAN,
  withSpan,
  type RequestContext,
} from '../src/index.js';

const CALLER_TRACE = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function incoming(traceparent: string) {
  const hdrs = headers();
  hdrs.set('traceparent', traceparent);
  return hdrs;
}

describe('tracing off', () => {
  it('gives untraced work the shared no-op span, which writes no header', () => {
    expect(tracingOn()).toBe(false);
    const span = startSpan('orders', 'untraced', { attributes: { 'rpc.method': 'x' } });
    expect(span).toBe(UNTRACED_SPAN);
    expect(span.isRecording()).toBe(false);
    const hdrs = headers();
    injectTrace(span, hdrs);
    expect(hdrs.get('traceparent')).toBe('');
    // Nothing it is asked to record changes what the next request gets.
    span.setAttribute('http.response.status_code', 500);
    endSpan(span, new Error('failed'));
    expect(startSpan('orders', 'next')).toBe(UNTRACED_SPAN);
  });

  it("continues a caller's trace: the span carries it and passes it on", () => {
    const span = startSpan('gateway', 'POST /api/v1/order/new', {
      parent: extractTrace(incoming(CALLER_TRACE)),
    });
    expect(span).not.toBe(UNTRACED_SPAN);
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const hdrs = headers();
    injectTrace(span, hdrs);
    expect(hdrs.get('traceparent')).toBe(CALLER_TRACE);
    // A child within that request carries the trace on as well.
    const child = runWithContext({ correlationId: 'c-1', span }, () =>
      startSpan('orders', 'child'),
    );
    expect(child.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('runs untraced work in the context it already has, after-commit list included', async () => {
    const context: RequestContext = {
      correlationId: 'corr-1',
      span: UNTRACED_SPAN,
      afterCommit: [],
    };
    const seen = await runWithContext(context, () =>
      withSpan('orders', 'pg insert order', async () => currentContext()),
    );
    expect(seen).toBe(context);
  });

  it('answers a failure of untraced work as a rejection, a synchronous throw included', async () => {
    const context: RequestContext = { correlationId: 'corr-2', span: UNTRACED_SPAN };
    await runWithContext(context, async () => {
      await expect(
        withSpan('orders', 'fails', async () => Promise.reject(new Error('refused'))),
      ).rejects.toThrow('refused');
      const thrown = withSpan('orders', 'throws', () => {
        throw new Error('thrown at once');
      });
      await expect(thrown).rejects.toThrow('thrown at once');
    });
  });

  it('gives traced work a context of its own with the span, keeping the rest', async () => {
    const callerSpan = startSpan('gateway', 'request', {
      parent: extractTrace(incoming(CALLER_TRACE)),
    });
    const afterCommit: (() => void)[] = [];
    const context: RequestContext = { correlationId: 'corr-3', span: callerSpan, afterCommit };
    const seen = await runWithContext(context, () =>
      withSpan('orders', 'pg update order', async () => currentContext()),
    );
    expect(seen).not.toBe(context);
    expect(seen?.correlationId).toBe('corr-3');
    expect(seen?.afterCommit).toBe(afterCommit);
    expect(seen?.span?.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });
});
