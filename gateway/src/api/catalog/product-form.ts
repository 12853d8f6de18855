/**
 * Reads the product forms the old client and the console send (JSON, urlencoded or multipart) into
 * the catalog's inputs. Images (multipart files `images`, or the old client's `data:image/...;base64,`
 * strings) are checked by content and pixel count, stored by the gateway, and only their URLs go to the catalog.
 */
import { AppError, LIMITS, type Actor, type ImageRef } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';
import { readForm, type UploadedFile } from '../../core/body.js';
import type { ImageStore } from '../../core/image-store.js';

const DATA_URL = /^data:image\/[a-z+.-]+;base64,(.+)$/is;

export interface ProductForm {
  fields: Record<string, unknown>;
  /**
   * Stores the checked images and calls `use` with their URLs; call it only once the other fields
   * are valid. A refused call removes the stored files again.
   */
  withImages: <T>(use: (stored: ImageRef[]) => Promise<T>) => Promise<T>;
  imageCount: number;
}

/** One text field of a form or JSON body (the last, when a form repeats it). */
export function textField(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof last === 'object') throw AppError.badRequest(`${name}: expected text`);
  return String(last);
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

function imagesFromDataUrls(value: unknown): UploadedFile[] {
  const files: UploadedFile[] = [];
  for (const item of asList(value)) {
    if (typeof item !== 'string') continue;
    const match = DATA_URL.exec(item);
    if (!match?.[1]) continue;
    const data = Buffer.from(match[1], 'base64');
    if (data.length > LIMITS.productImageMaxBytes)
      throw AppError.badRequest('images: each image must be at most 5 MB');
    files.push({ field: 'images', filename: 'image', mimetype: 'application/octet-stream', data });
  }
  return files;
}

export async function readProductForm(
  request: FastifyRequest,
  images: ImageStore,
  actor: Actor,
): Promise<ProductForm> {
  const { fields, files } = await readForm(request, {
    maxFileBytes: LIMITS.productImageMaxBytes,
    maxFiles: LIMITS.productImagesMax,
    dataUrlFields: { images: LIMITS.productImageMaxBytes },
  });
  const { images: imageField, ...rest } = fields;
  if (files.some((f) => f.field !== 'images'))
    throw AppError.badRequest('images: files must be sent in the images field');
  const all = [...files, ...imagesFromDataUrls(imageField)];
  if (all.length > LIMITS.productImagesMax)
    throw AppError.badRequest(`images: at most ${LIMITS.productImagesMax} images`);
  const checked = await images.check(actor.id, all, 'images');
  return {
    fields: rest,
    imageCount: all.length,
    withImages: (use) => images.withProductImages(checked, use),
  };
}

/** A boolean as forms send it ('true', 'on', '1', ...); undefined when absent. */
export function formBoolean(value: unknown, field: string): boolean | undefined {
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'boolean') return raw;
  const text = String(raw).toLowerCase();
  if (['true', 'on', '1', 'yes'].includes(text)) return true;
  if (['false', 'off', '0', 'no'].includes(text)) return false;
  throw AppError.badRequest(`${field}: expected true or false`);
}

function parseJsonIfString(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('[') && !text.startsWith('{')) return value;
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest(`${field}: malformed JSON`);
  }
}

function toStockNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  return value;
}

/**
 * The sizes of a new product: `ProductSize` as a list of `{ size, stock }` (JSON or a JSON string), or
 * the form's parallel lists `ProductSize` (names) and `Stock` (stocks).
 */
export function readSizes(fields: Record<string, unknown>): unknown {
  const raw = parseJsonIfString(fields.ProductSize ?? fields.sizes, 'ProductSize');
  const list = asList(raw).map((item) => parseJsonIfString(item, 'ProductSize'));
  if (
    list.length > 0 &&
    list.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
  ) {
    return list.map((item) => {
      const row = item as Record<string, unknown>;
      return { ...row, stock: toStockNumber(row.stock) };
    });
  }
  if (list.length === 0) return raw === undefined ? undefined : [];
  const stocks = asList(fields.Stock);
  return list.map((size, i) => ({ size, stock: toStockNumber(stocks[i]) }));
}
