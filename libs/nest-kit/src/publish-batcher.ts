/**
 * Hands the messages published during one turn of the event loop to the NATS client together.
 *
 * nats.js writes what it holds to its socket at the end of the current microtask run, so a message
 * published while handling one HTTP request or one RPC goes out in a system call of its own. Under
 * load, one loop turn handles several requests (their sockets became readable together); holding
 * their publishes until the turn's end (`setImmediate`) lets the client write them in one call. In
 * the gateway that was one `write` per request, ~4 per loop turn at 1,200 requests/s, and each write
 * to a loopback socket also pays for its delivery to nats-server. The delay is the rest of
 * the current turn: well under a millisecond.
 */
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node';

interface QueuedPublish {
  subject: string;
  data: Uint8Array | string;
  options: { reply?: string; headers?: MsgHdrs } | undefined;
  onError: ((error: Error) => void) | undefined;
}

export class PublishBatcher {
  private queue: QueuedPublish[] = [];
  private scheduled = false;

  constructor(private readonly nc: NatsConnection) {}

  /** Publishes at the end of this loop turn; `onError` hears if the client refuses the message. */
  publish(
    subject: string,
    data: Uint8Array | string,
    options?: { reply?: string; headers?: MsgHdrs },
    onError?: (error: Error) => void,
  ): void {
    this.queue.push({ subject, data, options, onError });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Hands everything queued to the client now (also before a connection is drained or closed). */
  flush(): void {
    this.scheduled = false;
    const queued = this.queue;
    this.queue = [];
    for (const { subject, data, options, onError } of queued) {
      try {
        this.nc.publish(subject, data, options);
      } catch (error) {
        onError?.(error as Error);
      }
    }
  }

  /** Drops what is queued (its senders are told otherwise, e.g. a closing inbox). */
  discard(): void {
    this.queue = [];
  }
}
