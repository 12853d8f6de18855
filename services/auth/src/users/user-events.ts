/** Writes auth.user.*.v1 events to the outbox, inside the transaction of the change. */
import { Injectable } from '@nestjs/common';
import { EVENTS } from '@lr/contracts';
import { OutboxWriter, type Executor } from '@lr/nest-kit';
import type { UserRow } from '../db/schema.js';
import { toUserSnapshot } from './users.mapper.js';

@Injectable()
export class UserEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async created(tx: Executor, row: UserRow): Promise<void> {
    await this.outbox.write(tx, EVENTS.authUserCreated, { user: toUserSnapshot(row) }, row.version);
  }

  async updated(tx: Executor, row: UserRow): Promise<void> {
    await this.outbox.write(tx, EVENTS.authUserUpdated, { user: toUserSnapshot(row) }, row.version);
  }

  async deleted(tx: Executor, row: UserRow): Promise<void> {
    await this.outbox.write(tx, EVENTS.authUserDeleted, { userId: row.id }, row.version + 1);
  }
}
