import simpleRestProvider from 'ra-data-simple-rest';
import type { RebuildStatus } from '@lr/contracts';
import type { CreateParams, CreateResult, DataProvider, Identifier, RaRecord } from 'react-admin';
import { httpClient, queryString } from './http';
import { toConsoleOrder } from './lib/order-shape';
import type { ConsoleProduct, DashboardFigures, OrderHistoryEntry, Report } from './types';

export const CONSOLE_API = '/api/console';
export const STORE_API = '/api/v1';

/** A file picked in an <ImageInput>: react-admin keeps the File under rawFile. */
interface PickedImage {
  rawFile?: File;
}

export interface ConsoleDataProvider extends DataProvider {
  setNewCode(userId: string): Promise<{ id: string; code: string }>;
  getOrderHistory(orderId: string): Promise<OrderHistoryEntry[]>;
  uploadProductImages(productId: string, files: File[]): Promise<ConsoleProduct>;
  deleteProductImage(productId: string, imageId: string): Promise<ConsoleProduct>;
  getDashboard(): Promise<DashboardFigures>;
  getReport(range: { from?: string; to?: string }): Promise<Report>;
  rebuildReport(): Promise<unknown>;
  getRebuildStatus(): Promise<RebuildStatus>;
}

export function pickedFiles(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((item: PickedImage | File) => (item instanceof File ? item : item?.rawFile))
    .filter((file): file is File => file instanceof File);
}

const enc = encodeURIComponent;

export function createDataProvider(): ConsoleDataProvider {
  const base = simpleRestProvider(CONSOLE_API, httpClient);

  async function uploadProductImages(productId: string, files: File[]) {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    const { json } = await httpClient(`${CONSOLE_API}/products/${enc(productId)}/images`, {
      method: 'POST',
      body: form,
    });
    return json as ConsoleProduct;
  }

  const shape = <T extends RaRecord>(resource: string, record: T): T =>
    resource === 'orders' ? (toConsoleOrder(record) as unknown as T) : record;

  return {
    ...base,

    async getList(resource, params) {
      const result = await base.getList(resource, params);
      return { ...result, data: result.data.map((r) => shape(resource, r)) };
    },

    async getMany(resource, params) {
      const result = await base.getMany(resource, params);
      return { ...result, data: result.data.map((r) => shape(resource, r)) };
    },

    async getManyReference(resource, params) {
      const result = await base.getManyReference(resource, params);
      return { ...result, data: result.data.map((r) => shape(resource, r)) };
    },

    async getOne(resource, params) {
      const result = await base.getOne(resource, params);
      return { ...result, data: shape(resource, result.data) };
    },

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
      const { json } = await httpClient(`${CONSOLE_API}/products`, { method: 'POST', body: form });
      return { data: json as ResultRecordType };
    },

    async update(resource, params) {
      if (resource === 'orders') {
        const result = await base.update(resource, params);
        return { data: shape(resource, result.data) } as typeof result;
      }
      if (resource !== 'products') return base.update(resource, params);
      const { newImages, ...data } = params.data as Record<string, unknown>;
      const updated = await base.update(resource, { ...params, data });
      const files = pickedFiles(newImages);
      if (files.length === 0) return updated;
      const withImages = await uploadProductImages(String(params.id), files);
      return { data: { ...updated.data, ...withImages } } as typeof updated;
    },

    async setNewCode(userId) {
      const { json } = await httpClient(`${CONSOLE_API}/users/${enc(userId)}/code`, {
        method: 'POST',
      });
      return json as { id: string; code: string };
    },

    async getOrderHistory(orderId) {
      const { json } = await httpClient(`${CONSOLE_API}/orders/${enc(orderId)}/history`);
      return Array.isArray(json) ? (json as OrderHistoryEntry[]) : [];
    },

    uploadProductImages,

    async deleteProductImage(productId, imageId) {
      const { json } = await httpClient(
        `${CONSOLE_API}/products/${enc(productId)}/images/${enc(imageId)}`,
        { method: 'DELETE' },
      );
      return json as ConsoleProduct;
    },

    async getDashboard() {
      const { json } = await httpClient(`${CONSOLE_API}/dashboard`);
      return json as DashboardFigures;
    },

    async getReport({ from, to }) {
      const { json } = await httpClient(`${STORE_API}/admin/report${queryString({ from, to })}`);
      return (json as { report: Report }).report;
    },

    async rebuildReport() {
      const { json } = await httpClient(`${CONSOLE_API}/report/rebuild`, { method: 'POST' });
      return json;
    },

    async getRebuildStatus() {
      const { json } = await httpClient(`${CONSOLE_API}/report/rebuild`);
      return json as RebuildStatus;
    },
  };
}

export const dataProvider = createDataProvider();
