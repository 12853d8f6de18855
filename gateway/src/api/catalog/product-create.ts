/**
 * Creates a product from a form or JSON body, its images included, in one call (the old admin route
 * and the console share it). Every field and every image is checked before anything is stored or
 * created, so a refused image leaves no product behind: the console used to create the product
 * first and upload its images after, and a refused file left a product without them.
 */
import {
  catalogOps,
  createProductBodySchema,
  parseOrThrow,
  type Actor,
  type CatalogProduct,
} from '@lr/contracts';
import type { FastifyRequest } from 'fastify';
import type { ImageStore } from '../../core/image-store.js';
import type { CatalogWrites } from './catalog-writes.js';
import { formBoolean, readProductForm, readSizes, textField } from './product-form.js';

export async function createProductFromRequest(
  request: FastifyRequest,
  images: ImageStore,
  writes: CatalogWrites,
  actor: Actor,
): Promise<CatalogProduct> {
  // Reading the form checks the images by content and size, without decoding them.
  const form = await readProductForm(request, images, actor);
  // Checked (the catalog checks again) before any image is stored.
  const input = parseOrThrow(createProductBodySchema, {
    name: textField(form.fields, 'name'),
    description: textField(form.fields, 'description'),
    category: textField(form.fields, 'category'),
    SubCategory: textField(form.fields, 'SubCategory'),
    ProductSize: readSizes(form.fields),
    isShow: formBoolean(form.fields.isShow, 'isShow'),
    fairMarketValue: textField(form.fields, 'fairMarketValue'),
  });
  return form.withImages((stored) =>
    writes.call(catalogOps.createProduct, { ...input, images: stored }, { actor }),
  );
}
