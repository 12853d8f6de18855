/**
 * Request-reply over one wildcard inbox subscription, for the hot paths (RPC calls and the outbox's
 * JetStream publishes). nats.js's own `request` builds a promise wrapper, a timer and, on every
 * completed request, an Error with a stack trace it then discards (RequestOne.cancel), work that
 * shows in the gateway's CPU under load (bench/README.md). Here a request is a map entry and a
 * publish with a reply subject; deadlines are swept a few times a second (a reply already read
 * wins over its deadline), and errors are only built when one happens.
 * Requests made in one loop turn go out together (PublishBatcher).
 */
import {
  createInbox,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import { inboxPrefixFor } from './nats.js';
import { PublishBatcher } from './publish-batcher.js';

/** Why a request got no answer. */
export class RequestFailedError extends Error {
  constructor(
    readonly reason: 'timeout' | 'no-responders' | 'closed',
    subject: string,
  ) {
    super(
      reason === 'timeout'
        ? `no reply from ${subject} in time`
        : reason === 'no-responders'
          ? `no one is listening on ${subject}`
          : `the connection closed before ${subject} replied`,
    );
    this.name = 'RequestFailedError';
  }
}

interface PendingRequest {
  subject: string;
  deadline: number;
  resolve: (msg: Msg) => void;
  reject: (error: Error) => void;
}

const SWEEP_INTERVAL_MS = 100;
/** nats-server answers a request nobody subscribes to with this status and no data. */
const NO_RESPONDERS = 503;

export class ReplyInbox {
  private readonly prefix: string;
  private readonly pending = new Map<number, PendingRequest>();
  private readonly subscription: Subscription;
  /** Runs while requests wait, so an idle process is not woken ten times a second for nothing. */
  private sweeper: NodeJS.Timeout | null = null;
  private readonly outgoing: PublishBatcher;
  private nextId = 0;

  constructor(nc: NatsConnection) {
    this.outgoing = new PublishBatcher(nc);
    // Under the connection's own prefix: the server lets this identity read no other inboxes.
    this.prefix = `${createInbox(inboxPrefixFor(nc))}.`;
    this.subscription = nc.subscribe(`${this.prefix}*`, {
      callback: (error, msg) => {
        if (!error) this.settle(msg);
      },
    });
    void this.subscription.closed.then(() => this.close());
  }

  request(
    subject: string,
    data: Uint8Array | string,
    options: { timeoutMs: number; headers?: MsgHdrs },
  ): Promise<Msg> {
    return new Promise<Msg>((resolve, reject) => {
      if (this.subscription.isClosed()) {
        reject(new RequestFailedError('closed', subject));
        return;
      }
      this.nextId += 1;
      const id = this.nextId;
      this.pending.set(id, { subject, deadline: Date.now() + options.timeoutMs, resolve, reject });
      this.sweepWhileWaiting();
      this.outgoing.publish(
        subject,
        data,
        { reply: `${this.prefix}${id}`, headers: options.headers },
        (error) => {
          this.pending.delete(id);
          reject(error);
        },
      );
    });
  }

  /** Number of requests waiting for a reply (tests). */
  get waiting(): number {
    return this.pending.size;
  }

  /** Fails what is still waiting; later replies are dropped. */
  close(): void {
    this.stopSweeping();
    this.outgoing.discard();
    if (!this.subscription.isClosed()) this.subscription.unsubscribe();
    for (const [id, request] of this.pending) {
      this.pending.delete(id);
      request.reject(new RequestFailedError('closed', request.subject));
    }
  }

  private settle(msg: Msg): void {
    const id = Number(msg.subject.slice(this.prefix.length));
    const request = this.pending.get(id);
    // A reply after its deadline, or a second reply: nobody waits for it.
    if (!request) return;
    this.pending.delete(id);
    if (msg.data.length === 0 && msg.headers?.code === NO_RESPONDERS) {
      request.reject(new RequestFailedError('no-responders', request.subject));
    } else {
      request.resolve(msg);
    }
  }

  private sweepWhileWaiting(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.expire(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /**
   * Fails the requests past their deadline, after this loop turn has read its sockets: Node runs
   * timers before it polls, so after a stall (a long pause, a starved machine) a reply that arrived
   * in time can be waiting in the socket while this sweep runs. The overdue are failed from
   * `setImmediate`, after the poll phase, unless a reply settled them there.
   */
  private expire(): void {
    const now = Date.now();
    const overdue: number[] = [];
    for (const [id, request] of this.pending) if (request.deadline <= now) overdue.push(id);
    if (overdue.length === 0) {
      if (this.pending.size === 0) this.stopSweeping();
      return;
    }
    setImmediate(() => {
      for (const id of overdue) {
        const request = this.pending.get(id);
        if (!request) continue;
        this.pending.delete(id);
        request.reject(new RequestFailedError('timeout', request.subject));
      }
      if (this.pending.size === 0) this.stopSweeping();
    });
  }
}
