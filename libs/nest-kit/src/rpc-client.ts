/**
 * Request-reply client: sends `{ actor, input }` to an operation's subject with the correlation id
 * and a request id in headers, checks the reply against the operation's output schema, and turns an
 * error reply back into an AppError so callers just `await`. An operation whose resend rule allows
 * it is sent again, with the same request id, when no reply comes (resend-policy.ts); every call
 * has one deadline either way.
 */
import { randomUUID } from 'node:crypto';
import {
  AppError,
  HEADERS,
  describeZodError,
  namespaced,
  rpcErrorSchema,
  type AccessContext,
  type Actor,
  type InputOf,
  type Operation,
  type OutputOf,
  type RpcReply,
} from '@lr/contracts';
import { headers, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { currentCorrelationId } from './context.js';
import { metrics, secondsSince } from './metrics.js';
import { LatencyEstimate } from './latency-estimate.js';
import { ResendBudget } from './resend-budget.js';
import { DEFAULT_RESEND_POLICY, sendWithResends, type ResendPolicy } from './resend-policy.js';
import { endSpan, injectTrace, SpanKind, startSpan, type Span } from './tracing.js';
import { ReplyInbox, RequestFailedError } from './reply-inbox.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface RpcCallOptions {
  actor?: Actor | null;
  /** Where a read of student details comes from (the gateway's HTTP request): the access log's row. */
  access?: AccessContext;
  /** The whole call's deadline, resends included (default: the client's). */
  timeoutMs?: number;
  correlationId?: string;
}

/**
 * The reply as the operation declares it. A service answering in another form (a deployment with
 * services of different versions, or a change on one side only) is an error naming the operation
 * and the field, not a value cast to a type it does not have.
 */
function checkedReply<Op extends Operation>(operation: Op, data: unknown): OutputOf<Op> {
  const checked = operation.output.safeParse(data);
  if (checked.success) return checked.data as OutputOf<Op>;
  throw new AppError(
    'INTERNAL',
    `The ${operation.service} service answered ${operation.subject} in a form this caller does not expect`,
    { cause: describeZodError(checked.error) },
  );
}

/** Why an attempt failed, for the resend policy: null when no other attempt would do better. */
function failureReason(error: unknown): string | null {
  if (!(error instanceof RequestFailedError)) return null;
  return error.reason === 'closed' ? null : error.reason;
}

export class RpcClient {
  private readonly inbox: ReplyInbox;
  /**
   * Per subject (a fixed set): its reply times, for how long a first attempt waits, and the resends
   * it may still send (resend-budget.ts).
   */
  private readonly subjects = new Map<string, { latency: LatencyEstimate; budget: ResendBudget }>();

  constructor(
    nc: NatsConnection,
    private readonly namespace: string,
    private readonly defaultTimeoutMs = 10_000,
    /** The calling process, for its spans. */
    private readonly caller = 'rpc',
    private readonly resendPolicy: ResendPolicy = DEFAULT_RESEND_POLICY,
  ) {
    this.inbox = new ReplyInbox(nc);
  }

  /** Calls `operation` and answers its reply, checked against the operation's output schema. */
  async call<Op extends Operation>(
    operation: Op,
    input: InputOf<Op>,
    options: RpcCallOptions = {},
  ): Promise<OutputOf<Op>> {
    const subject = operation.subject;
    const start = process.hrtime.bigint();
    let outcome = 'ok';
    const span = startSpan(this.caller, subject, {
      kind: SpanKind.CLIENT,
      attributes: { 'rpc.system': 'nats', 'rpc.method': subject },
    });
    try {
      const result = await this.send(subject, operation.resend !== 'once', input, options, span);
      const checked = checkedReply(operation, result);
      endSpan(span);
      return checked;
    } catch (error) {
      outcome = error instanceof AppError ? error.code.toLowerCase() : 'internal';
      endSpan(span, error);
      throw error;
    } finally {
      // The subject is un-namespaced and one of a fixed set, so the label stays small.
      metrics.rpc.clientCalls.inc({ subject, outcome });
      metrics.rpc.clientDuration.observe({ subject, outcome }, secondsSince(start));
    }
  }

  private async send(
    subject: string,
    resend: boolean,
    input: unknown,
    options: RpcCallOptions,
    span: Span,
  ): Promise<unknown> {
    const call: CallHeaders = {
      correlationId: options.correlationId ?? currentCorrelationId(),
      // The same on every attempt: how a service recognises a resent write.
      requestId: randomUUID(),
      span,
    };
    const body = encoder.encode(
      JSON.stringify({
        actor: options.actor ?? null,
        input: input ?? null,
        ...(options.access ? { access: options.access } : {}),
      }),
    );
    const target = namespaced(this.namespace, subject);
    const deadlineMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const { latency, budget } = this.stateOf(subject);
    const sentAt = Date.now();
    let reply: Msg;
    try {
      reply = await sendWithResends({
        deadlineMs,
        resend,
        policy: {
          ...this.resendPolicy,
          attemptTimeoutMs: latency.waitMs(this.resendPolicy.attemptTimeoutMs, deadlineMs / 3),
        },
        send: (waitMs, attempt) => {
          const sent = this.inbox.request(target, body, {
            timeoutMs: waitMs,
            headers: attemptHeaders(call, waitMs),
          });
          // The first attempt's reply time is a plain sample; a later one's starts later.
          return attempt === 1 ? sent.then((msg) => this.observed(latency, sentAt, msg)) : sent;
        },
        failureReason,
        mayResend: () => {
          if (budget.trySpend()) return true;
          metrics.rpc.clientResendsWithheld.inc({ subject });
          return false;
        },
        onResend: (reason) => metrics.rpc.clientResends.inc({ subject, reason }),
      });
      budget.earn();
    } catch (error) {
      const service = subject.split('.')[1];
      // The client refused to publish the request (too large for max_payload): no use retrying.
      if (!(error instanceof RequestFailedError)) {
        throw new AppError('INTERNAL', `The request to the ${service} service could not be sent`, {
          cause: (error as Error).message,
        });
      }
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The ${service} service is not answering; please try again`,
        {
          cause: (error as Error).message,
        },
      );
    }
    const raw = decoder.decode(reply.data);
    const parsed = JSON.parse(raw) as RpcReply<unknown>;
    if (parsed.ok) return parsed.data;
    const body2 = rpcErrorSchema.safeParse(parsed.error);
    if (!body2.success) throw new AppError('INTERNAL', 'Malformed reply');
    throw new AppError(body2.data.code, body2.data.message, body2.data.details);
  }

  private stateOf(subject: string): { latency: LatencyEstimate; budget: ResendBudget } {
    let state = this.subjects.get(subject);
    if (!state) {
      state = { latency: new LatencyEstimate(), budget: new ResendBudget() };
      this.subjects.set(subject, state);
    }
    return state;
  }

  private observed(latency: LatencyEstimate, sentAt: number, msg: Msg): Msg {
    latency.observe(Date.now() - sentAt);
    return msg;
  }
}

/** What every attempt of one call says in its headers. */
interface CallHeaders {
  correlationId: string;
  requestId: string;
  span: Span;
}

/**
 * One attempt's headers: the call's, and how long this attempt waits for its reply. Built per
 * attempt, since an attempt's headers are read when it is published and each attempt waits for a
 * different time.
 */
function attemptHeaders(call: CallHeaders, waitMs: number): MsgHdrs {
  const hdrs = headers();
  hdrs.set(HEADERS.correlationId, call.correlationId);
  hdrs.set(HEADERS.requestId, call.requestId);
  injectTrace(call.span, hdrs);
  hdrs.set(HEADERS.replyWithinMs, String(Math.max(1, Math.floor(waitMs))));
  return hdrs;
}
