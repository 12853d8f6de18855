/**
 * The hourly limit on the orders one school places (ORDERS_PER_SCHOOL_PER_HOUR). Each order mails
 * the address the school wrote in it, so without a limit one account could use the charity's mail to
 * reach any address as often as it liked. Counted in the database, so it holds across replicas.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AppError, type Actor } from '@lr/contracts';
import { KIT_CONFIG } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { PlacementLimitRepository } from './placement-limit.repository.js';

@Injectable()
export class PlacementLimit {
  constructor(
    private readonly slots: PlacementLimitRepository,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
  ) {}

  /** Counts one order for the actor's account, or refuses it (429) when the hour's are used up. */
  async take(actor: Actor): Promise<void> {
    const limit = this.config.ORDERS_PER_SCHOOL_PER_HOUR;
    if (limit === 0) return;
    const slot = await this.slots.take(actor.id, limit);
    if (slot.granted) return;
    const minutes = Math.ceil(slot.retryAfterSeconds / 60);
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `A school may place at most ${limit} requests an hour; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { retryAfterSeconds: slot.retryAfterSeconds },
    );
  }

  /**
   * Gives back the order `take` counted when the request turned out to be a repeat of one already
   * placed (the same idempotency key, or a resent call): the school placed one order, not two.
   */
  async giveBack(actor: Actor): Promise<void> {
    if (this.config.ORDERS_PER_SCHOOL_PER_HOUR === 0) return;
    await this.slots.giveBack(actor.id);
  }
}
