/** Catalog configuration, parsed once at boot (convention 5). */
import { z } from 'zod';
import { baseConfigSchema } from '@lr/nest-kit';

export const catalogConfigSchema = baseConfigSchema.extend({
  /** The low-stock threshold new products start with (a size may have its own). */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(2),
  /**
   * How long an order event may wait for others to join its stock batch. Each batch pays a fixed
   * four round trips to PostgreSQL; when status changes arrive a few milliseconds apart, a short
   * wait lets several share them. A status change's answer waits for catalog's decision, so it is
   * that much later.
   */
  INVENTORY_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(1_000).default(25),
});
export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
