import simpleRestProvider from 'ra-data-simple-rest';
import type {
  enterStockCountsBodySchema,
  finaliseStockCountBodySchema,
  ConsoleDashboard,
  ConsoleOrderHistoryEntry,
  ConsoleProduct,
  ConsoleRebuildReply,
  ConsoleStockOutcome,
  ConsoleUserCode,
  OrderContact,
  RebuildStatus,
  Report,
  StockCountDto,
  StockCountLineDto,
  StockCountReviewDto,
} from '@lr/contracts';
import type { CreateParams, CreateResult, DataProvider, Identifier, RaRecord } from 'react-admin';
import { httpClient, jsonBody, queryString } from './http';

export const CONSOLE_API = '/api/console';
export const STORE_API = '/api/v1';

/** A file picked in an <ImageInput>: react-admin keeps the File under rawFile. */
interface PickedImage {
  rawFile?: File;
}

/** A figure entered on a count sheet; null clears it. */
export interface CountedFigure {
  sizeId: string;
  counted: number | null;
}

/** The console's calls beyond react-admin's resources; each answers as its contract says. */
export interface ConsoleDataProvider extends DataProvider {
  setNewCode(userId: string): Promise<ConsoleUserCode>;
  getOrderHistory(orderId: string): Promise<ConsoleOrderHistoryEntry[]>;
  /** The teacher's phone and e-mail (volunteers' orders leave them out); recorded in the access log. */
  getOrderContact(orderId: string): Promise<OrderContact>;
  /** Catalog's decision on a change answered pending (the server waits a few seconds for it). */
  getStockOutcome(orderId: string, version: number): Promise<ConsoleStockOutcome>;
  uploadProductImages(productId: string, files: File[]): Promise<ConsoleProduct>;
  deleteProductImage(productId: string, imageId: string): Promise<ConsoleProduct>;
  getDashboard(): Promise<ConsoleDashboard>;
  getReport(range: { from?: string; to?: string }): Promise<Report>;
  rebuildReport(): Promise<ConsoleRebuildReply>;
  getRebuildStatus(): Promise<RebuildStatus>;
  /** One page of a count sheet (the gateway may answer fewer rows than asked), and the total. */
  getCountSheetPage(
    countId: string,
    range: [number, number],
  ): Promise<{ lines: StockCountLineDto[]; total: number }>;
  enterCounts(countId: string, lines: CountedFigure[]): Promise<StockCountDto>;
  getCountReview(countId: string): Promise<StockCountReviewDto>;
  finaliseCount(
    countId: string,
    confirmedBooks: { sizeId: string; books: number }[],
  ): Promise<StockCountReviewDto>;
}

export function pickedFiles(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((item: PickedImage | File) => (item instanceof File ? item : item?.rawFile))
    .filter((file): file is File => file instanceof File);
}

const enc = encodeURIComponent;

/** The JSON answer of one console call, typed by its contract. */
async function call<T>(url: string, init?: { method: string; body?: string | FormData }) {
  const { json } = await httpClient(url, init);
  return json as T;
}

export function createDataProvider(): ConsoleDataProvider {
  const base = simpleRestProvider(CONSOLE_API, httpClient);

  function uploadProductImages(productId: string, files: File[]) {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    return call<ConsoleProduct>(`${CONSOLE_API}/products/${enc(productId)}/images`, {
      method: 'POST',
      body: form,
    });
  }

  const countUrl = (countId: string) => `${CONSOLE_API}/stock-counts/${enc(countId)}`;

  return {
    ...base,

    /**
     * A product with picked images is created in one multipart request, so a refused image creates
     * nothing (the gateway checks every file before creating the product); without images, as JSON.
     */
    async create<
      RecordType extends Omit<RaRecord, 'id'> = Omit<RaRecord, 'id'>,
      ResultRecordType extends RaRecord = RecordType & { id: Identifier },
    >(resource: string, params: CreateParams): Promise<CreateResult<ResultRecordType>> {
      if (resource !== 'products')
        return base.create<RecordType, ResultRecordType>(resource, params);
      const { images, ...data } = params.data as Record<string, unknown>;
      const files = pickedFiles(images);
      if (files.length === 0)
        return base.create<RecordType, ResultRecordType>(resource, { ...params, data });
      const form = new FormData();
      for (const [field, value] of Object.entries(data)) {
        if (value === undefined || value === null) continue;
        form.append(field, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      for (const file of files) form.append('images', file, file.name);
      const product = await call<ResultRecordType>(`${CONSOLE_API}/products`, {
        method: 'POST',
        body: form,
      });
      return { data: product };
    },

    async update(resource, params) {
      if (resource !== 'products') return base.update(resource, params);
      const { newImages, ...data } = params.data as Record<string, unknown>;
      const updated = await base.update(resource, { ...params, data });
      const files = pickedFiles(newImages);
      if (files.length === 0) return updated;
      const withImages = await uploadProductImages(String(params.id), files);
      return { data: { ...updated.data, ...withImages } } as typeof updated;
    },

    setNewCode: (userId) =>
      call<ConsoleUserCode>(`${CONSOLE_API}/users/${enc(userId)}/code`, { method: 'POST' }),

    getOrderHistory: (orderId) =>
      call<ConsoleOrderHistoryEntry[]>(`${CONSOLE_API}/orders/${enc(orderId)}/history`),

    getOrderContact: (orderId) =>
      call<OrderContact>(`${CONSOLE_API}/orders/${enc(orderId)}/contact`),

    getStockOutcome: (orderId, version) =>
      call<ConsoleStockOutcome>(
        `${CONSOLE_API}/orders/${enc(orderId)}/stock${queryString({ version: String(version) })}`,
      ),

    uploadProductImages,

    deleteProductImage: (productId, imageId) =>
      call<ConsoleProduct>(`${CONSOLE_API}/products/${enc(productId)}/images/${enc(imageId)}`, {
        method: 'DELETE',
      }),

    getDashboard: () => call<ConsoleDashboard>(`${CONSOLE_API}/dashboard`),

    async getReport({ from, to }) {
      const url = `${STORE_API}/admin/report${queryString({ from, to })}`;
      return (await call<{ report: Report }>(url)).report;
    },

    rebuildReport: () =>
      call<ConsoleRebuildReply>(`${CONSOLE_API}/report/rebuild`, { method: 'POST' }),

    getRebuildStatus: () => call<RebuildStatus>(`${CONSOLE_API}/report/rebuild`),

    async getCountSheetPage(countId, range) {
      const { json, headers } = await httpClient(
        `${countUrl(countId)}/lines?range=${enc(JSON.stringify(range))}`,
      );
      const total = Number(headers.get('Content-Range')?.split('/')[1] ?? 0);
      return { lines: json as StockCountLineDto[], total };
    },

    enterCounts: (countId, lines) =>
      call<StockCountDto>(`${countUrl(countId)}/lines`, {
        method: 'PUT',
        body: jsonBody<typeof enterStockCountsBodySchema>({ lines }),
      }),

    getCountReview: (countId) => call<StockCountReviewDto>(`${countUrl(countId)}/review`),

    finaliseCount: (countId, confirmedBooks) =>
      call<StockCountReviewDto>(`${countUrl(countId)}/finalise`, {
        method: 'POST',
        body: jsonBody<typeof finaliseStockCountBodySchema>({ confirmedBooks }),
      }),
  };
}

export const dataProvider = createDataProvider();
