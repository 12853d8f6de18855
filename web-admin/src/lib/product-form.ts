/** Rules of the product forms, kept apart from the components so they can be tested. */

export interface SizeRow {
  size?: string;
  stock?: number | string | null;
}

function isWholeStock(value: unknown): boolean {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** New product: at least one size, each named once and with a whole, non-negative stock. */
export function validateNewSizes(rows: readonly SizeRow[] | undefined): string | undefined {
  if (!rows || rows.length === 0) return 'Add at least one size';
  const seen = new Set<string>();
  for (const row of rows) {
    const name = (row.size ?? '').trim();
    if (!name) return 'Each size needs a name';
    if (!isWholeStock(row.stock)) return `Stock of size ${name} must be a whole number, 0 or more`;
    const key = name.toLowerCase();
    if (seen.has(key)) return `Size ${name} is named twice`;
    seen.add(key);
  }
  return undefined;
}

export interface ProductEditForm {
  description?: string;
  isShow?: boolean;
  /** A size picked from the product's sizes, and the stock to add to it. */
  stockSize?: string;
  addStock?: number | string | null;
  /** Or a size the product does not have yet, with its first stock. */
  newSize?: string;
  newSizeStock?: number | string | null;
  newImages?: unknown;
  /** The product's low-stock threshold (the dashboard lists sizes at or below it). */
  lowStockThreshold?: number | string | null;
  /** The record's sizes; a size's own threshold is edited in place (blank: the product's applies). */
  ProductSize?: { size: string; lowStockThreshold?: number | string | null }[];
  /** Fair-market value per unit (blank: none). */
  fairMarketValue?: number | string | null;
}

export interface StockAddition {
  size: string;
  quantity: number;
}

export interface NewSize {
  size: string;
  stock: number;
}

/**
 * The body of PUT /api/console/products/:id, as the catalog's update input reads it: stock added to an
 * existing size, sizes the product did not have yet. Name, category and SubCategory are read-only.
 */
export interface ProductUpdateBody {
  description: string;
  isShow: boolean;
  addStock?: StockAddition[];
  newSizes?: NewSize[];
  newImages?: unknown;
  lowStockThreshold?: number;
  sizeLowStock?: { size: string; threshold: number | null }[];
  fairMarketValue: string | null;
}

const THRESHOLD_RULE = 'A threshold is a whole number from 0 to 10,000';

export const VALUE_RULE = 'A value is an amount like 12.50: not negative, at most 2 decimals';

/** The fair-market value field: blank, or money with at most 2 decimals (the catalog's rule). */
export function validateFairMarketValue(value: unknown): string | undefined {
  if (value === null || value === undefined || String(value).trim() === '') return undefined;
  return /^\d{1,6}(\.\d{1,2})?$/.test(String(value).trim()) ? undefined : VALUE_RULE;
}

/** What the catalog stores: the value as text, or null for none. */
export function fairMarketValueOf(value: unknown): string | null {
  return value === null || value === undefined || String(value).trim() === ''
    ? null
    : String(value).trim();
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function isWholeThreshold(value: unknown): boolean {
  return isWholeStock(value) && Number(value) <= 10_000;
}

function toNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  return Number(value);
}

/** Checks the edit form: stock to add is a whole number >= 0 and a new size is really new. */
export function validateProductEdit(
  form: ProductEditForm,
  existingSizes: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = toNumber(form.addStock);
  if (!isWholeStock(add)) errors.addStock = 'Stock to add must be a whole number, 0 or more';
  else if (add > 0 && !form.stockSize) errors.stockSize = 'Choose the size to add stock to';
  const newSize = (form.newSize ?? '').trim();
  const newStock = toNumber(form.newSizeStock);
  if (!isWholeStock(newStock)) errors.newSizeStock = 'Stock must be a whole number, 0 or more';
  if (!isBlank(form.lowStockThreshold) && !isWholeThreshold(form.lowStockThreshold))
    errors.lowStockThreshold = THRESHOLD_RULE;
  (form.ProductSize ?? []).forEach((size, i) => {
    if (!isBlank(size.lowStockThreshold) && !isWholeThreshold(size.lowStockThreshold))
      errors[`ProductSize.${i}.lowStockThreshold`] = THRESHOLD_RULE;
  });
  const valueError = validateFairMarketValue(form.fairMarketValue);
  if (valueError) errors.fairMarketValue = valueError;
  if (newSize && existingSizes.some((s) => s.toLowerCase() === newSize.toLowerCase())) {
    errors.newSize = `Size ${newSize} already exists: add stock to it instead`;
  }
  return errors;
}

/** Turns the edit form into the update body: new stock is added to the chosen size. */
export function buildProductUpdate(form: ProductEditForm): ProductUpdateBody {
  const body: ProductUpdateBody = {
    description: form.description ?? '',
    isShow: Boolean(form.isShow),
    fairMarketValue: fairMarketValueOf(form.fairMarketValue),
  };
  const add = toNumber(form.addStock);
  if (form.stockSize && add > 0) body.addStock = [{ size: form.stockSize, quantity: add }];
  const newSize = (form.newSize ?? '').trim();
  if (newSize) body.newSizes = [{ size: newSize, stock: toNumber(form.newSizeStock) }];
  if (form.newImages) body.newImages = form.newImages;
  if (!isBlank(form.lowStockThreshold)) body.lowStockThreshold = toNumber(form.lowStockThreshold);
  if (form.ProductSize && form.ProductSize.length > 0) {
    body.sizeLowStock = form.ProductSize.map((size) => ({
      size: size.size,
      threshold: isBlank(size.lowStockThreshold) ? null : toNumber(size.lowStockThreshold),
    }));
  }
  return body;
}
