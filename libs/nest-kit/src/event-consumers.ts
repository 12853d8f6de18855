/**
 * Registry of a service's durable consumers: feature modules register theirs while the module
 * initialises; the kit starts them all once the application is up and drains them on shutdown.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import type { Database } from './db.js';
import type { Logger } from './logger.js';
import { DurableConsumer, type DurableConsumerOptions } from './consumer.js';

export class EventConsumers {
  private readonly consumers: DurableConsumer[] = [];
  private started = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly db: Database,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {}

  register(options: DurableConsumerOptions): DurableConsumer {
    const consumer = new DurableConsumer(
      this.nc,
      this.db,
      this.namespace,
      this.logger.child({ consumer: options.name }),
      options,
    );
    this.consumers.push(consumer);
    if (this.started) void consumer.start();
    return consumer;
  }

  list(): readonly DurableConsumer[] {
    return this.consumers;
  }

  async startAll(): Promise<void> {
    this.started = true;
    for (const consumer of this.consumers) await consumer.start();
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}
