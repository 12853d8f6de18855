/** A small HTTP client of the running stack for the chaos scenarios. */
import { randomUUID } from 'node:crypto';

export class Api {
  constructor(readonly baseUrl: string) {}

  async call(
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...options.headers,
          },
          body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        });
        const text = await response.text();
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = { raw: text };
        }
        return { status: response.status, body };
      } catch (error) {
        // The gateway itself is never killed, but a connection may reset under load.
        if (attempt >= 2) return { status: 0, body: { message: (error as Error).message } };
      }
    }
  }

  async login(loginId: string, code = 'demo345'): Promise<string> {
    const response = await fetch(`${this.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: loginId, password: code }),
    });
    if (response.status !== 200) throw new Error(`login ${loginId}: ${response.status}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  /** The same `idempotencyKey` again (a retry) must give back the same order, never a second. */
  placeOrder(
    cookie: string,
    productId: string,
    size: string,
    quantity: number,
    idempotencyKey: string = randomUUID(),
  ) {
    return this.call('POST', '/api/v1/order/new', {
      cookie,
      headers: { 'Idempotency-Key': idempotencyKey },
      body: {
        shippingInfo: {
          receivingPersonName: `S${Math.floor(Math.random() * 1e6)}_11_NA`,
          userLoggedInDesignation: 'Ms Chaos',
          phoneNo: '555-0100',
          Email: 'teacher@example.org',
          additionalComments: '',
        },
        orderItems: [{ product: productId, ProductSize: size, quantity }],
        itemsPrice: 0,
        taxPrice: 0,
        shippingPrice: 0,
        totalPrice: 0,
      },
    });
  }

  setStatus(cookie: string, orderId: string, status: string) {
    return this.call('PUT', `/api/v1/admin/order/${orderId}`, { cookie, body: { status } });
  }

  deleteOrder(cookie: string, orderId: string) {
    return this.call('DELETE', `/api/v1/admin/order/${orderId}`, { cookie });
  }

  /** The order's current status, or null when it does not exist (404); throws on anything else. */
  async currentStatus(cookie: string, orderId: string): Promise<string | null> {
    const response = await this.call('GET', `/api/console/orders/${orderId}`, { cookie });
    if (response.status === 404) return null;
    const body = response.body as { orderStatus?: string; status?: string };
    const status = body.orderStatus ?? body.status;
    if (response.status !== 200 || !status)
      throw new Error(`reading order ${orderId}: ${response.status}`);
    return status;
  }
}

/** Runs `tasks` with at most `limit` at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}
