/** Catalog configuration, parsed once at boot (convention 5). The catalog needs only the base variables. */
import type { z } from 'zod';
import { baseConfigSchema } from '@lr/nest-kit';

export const catalogConfigSchema = baseConfigSchema.extend({});
export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
