/**
 * DEPRECATED stand-ins for the auth and catalog services. No orders test uses them any more (they
 * run the real services: see real-services.ts). Kept only because
 * services/reporting/test/with-orders-service.test.ts still imports this file; delete it once that
 * test starts the real services through real-services.ts.
 */
import { randomUUID } from 'node:crypto';
import { namespaced, RPC, type Actor, type ShortLine } from '@lr/contracts';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface FakeProduct {
  _id: string;
  name: string;
  category: string;
  SubCategory: string;
  isShow: boolean;
  ProductSize: { _id: string; size: string; stock: number }[];
  image: string;
}

export class FakeServices {
  readonly products = new Map<string, FakeProduct>();
  readonly profiles = new Map<string, { id: string; loginId: string; name: string; address: string; district: string }>();
  private readonly subs: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly namespace: string,
  ) {}

  start(): void {
    this.answer(RPC.auth.getUser, (input) => {
      const profile = this.profiles.get((input as { id: string }).id);
      if (!profile) return { ok: false, error: { code: 'NOT_FOUND', message: 'User not found' } };
      return { ok: true, data: { ...profile, role: 'user', avatar: { url: '' }, createdAt: new Date().toISOString() } };
    });
    this.answer(RPC.catalog.getProducts, (input) => {
      const ids = (input as { ids: string[] }).ids;
      return { ok: true, data: ids.map((id) => this.products.get(id)).filter(Boolean) };
    });
    this.answer(RPC.catalog.inventoryCheck, (input) => {
      const { lines } = input as { lines: { productId: string; size: string; quantity: number }[] };
      const shortLines: ShortLine[] = [];
      for (const line of lines) {
        const product = this.products.get(line.productId);
        const stock = product?.ProductSize.find((s) => s.size === line.size)?.stock ?? 0;
        if (stock < line.quantity) {
          shortLines.push({ productId: line.productId, size: line.size, name: product?.name ?? '?', requested: line.quantity, available: stock });
        }
      }
      return { ok: true, data: { shortLines } };
    });
  }

  stop(): void {
    for (const sub of this.subs) sub.unsubscribe();
  }

  addSchool(actor: Actor, address = '1 School Road', district = 'North'): void {
    this.profiles.set(actor.id, { id: actor.id, loginId: actor.loginId, name: actor.name, address, district });
  }

  addProduct(name: string, sizes: Record<string, number>, extra: Partial<FakeProduct> = {}): FakeProduct {
    const product: FakeProduct = {
      _id: randomUUID(),
      name,
      category: 'Clothing',
      SubCategory: 'Unisex youth sizing',
      isShow: true,
      ProductSize: Object.entries(sizes).map(([size, stock]) => ({ _id: randomUUID(), size, stock })),
      image: `/media/products/${name}.webp`,
      ...extra,
    };
    this.products.set(product._id, product);
    return product;
  }

  private answer(subject: string, handler: (input: unknown, actor: Actor | null) => unknown): void {
    const sub = this.nc.subscribe(namespaced(this.namespace, subject), {
      callback: (err, msg) => {
        if (err) return;
        const { input, actor } = JSON.parse(decoder.decode(msg.data)) as { input: unknown; actor: Actor | null };
        msg.respond(encoder.encode(JSON.stringify(handler(input, actor))));
      },
    });
    this.subs.push(sub);
  }
}
