/** Catalog configuration, parsed once at boot (convention 5). */
import { z } from 'zod';
import { baseConfigSchema } from '@lr/nest-kit';

export const catalogConfigSchema = baseConfigSchema.extend({
  /** The low-stock threshold new products start with (a size may have its own). */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(2),
});
export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
