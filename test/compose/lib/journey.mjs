/**
 * What the compose test does through the gateway's published port, as a browser would: the first
 * admin logs in, adds a school and a product with an image; the school places an order; the admin
 * moves it to Delivered; stock and the report change. `snapshot` reads every account, product,
 * image and order, to compare a stack with itself after a restart, a restore or an upgrade.
 */
import { createHash, randomBytes } from 'node:crypto';
import { waitFor } from './wait.mjs';

/** An 8x8 PNG, so the test needs no image library. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTpuJFTEMLQkAyvtMgR4PNM4AAAAASUVORK5CYII=',
  'base64',
);

export class Client {
  /** @param {(path: string, init?: RequestInit) => Promise<Response>} request */
  constructor(request) {
    this.request = request;
  }

  async json(method, path, { cookie, body, form } = {}) {
    const response = await this.request(path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : {};
  }

  async login(loginId, code) {
    const response = await this.request('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: loginId, password: code }),
    });
    if (!response.ok)
      throw new Error(`login ${loginId}: ${response.status} ${await response.text()}`);
    return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0], response };
  }
}

/** The whole journey; returns what it made. `tag` keeps names apart between runs on one stack. */
export async function journey(client, adminCode, tag = randomBytes(3).toString('hex')) {
  const { cookie: admin } = await client.login('admin', adminCode);
  const schoolId = `school-${tag}`;
  await client.json('POST', '/api/console/users', {
    cookie: admin,
    body: { name: `Compose School ${tag}`, email: schoolId, password: `code-${tag}`, role: 'user' },
  });
  const product = await client.json('POST', '/api/console/products', {
    cookie: admin,
    body: {
      name: `Compose Hoodie ${tag}`,
      category: 'Sports',
      SubCategory: 'One size',
      ProductSize: [{ size: 'M', stock: 5 }],
    },
  });
  const form = new FormData();
  form.append('images', new Blob([PNG], { type: 'image/png' }), 'hoodie.png');
  await client.json('POST', `/api/console/products/${product.id}/images`, { cookie: admin, form });

  // The first call to a service right after the stack came up may find it still busy starting on a
  // loaded machine (a 503 from the gateway): asked again, bounded, as the console's retry would.
  let reportBefore;
  await waitFor(
    'the first report',
    async () => {
      reportBefore = (await client.json('GET', '/api/v1/admin/report', { cookie: admin })).report;
      return true;
    },
    60_000,
  );
  const { cookie: school } = await client.login(schoolId, `code-${tag}`);
  const placed = await client.json('POST', '/api/v1/order/new', {
    cookie: school,
    body: {
      shippingInfo: {
        receivingPersonName: 'S123456_11_NA',
        userLoggedInDesignation: 'Ms Compose',
        phoneNo: '555-0100',
        Email: 'teacher@example.org',
        additionalComments: '',
      },
      orderItems: [{ product: product.id, ProductSize: 'M', quantity: 2 }],
      itemsPrice: 0,
      taxPrice: 0,
      shippingPrice: 0,
      totalPrice: 0,
    },
  });
  const orderId = placed.order._id;
  await client.json('PUT', `/api/v1/admin/order/${orderId}`, {
    cookie: admin,
    body: { status: 'Delivered' },
  });

  // Stock and the report follow the order through events: wait for them, then check.
  await waitFor('stock 5 -> 3', async () => {
    const { product: shown } = await client.json('GET', `/api/v1/product/${product.id}`);
    return shown.ProductSize.find((size) => size.size === 'M')?.stock === 3;
  });
  await waitFor('the report counts the delivered order', async () => {
    const { report } = await client.json('GET', '/api/v1/admin/report', { cookie: admin });
    return (
      report.ordersFulfilled === reportBefore.ordersFulfilled + 1 &&
      report.itemsFulfilled === reportBefore.itemsFulfilled + 2
    );
  });
  const { order } = await client.json('GET', `/api/v1/order/${orderId}`, { cookie: school });
  if (order.orderStatus !== 'Delivered') throw new Error(`the school sees ${order.orderStatus}`);
  return { orderId, productId: product.id, schoolId };
}

/** Every account, product (with its images' bytes) and order, in a comparable form. */
export async function snapshot(client, adminCode) {
  const { cookie } = await client.login('admin', adminCode);
  const { users } = await client.json('GET', '/api/v1/admin/users', { cookie });
  const { products } = await client.json('GET', '/api/v1/admin/products', { cookie });
  const { orders } = await client.json('GET', '/api/v1/admin/orders', { cookie });
  const images = {};
  for (const product of products) {
    for (const image of product.images.filter((entry) => entry._id)) {
      const response = await client.request(image.url);
      if (!response.ok) throw new Error(`image ${image.url}: ${response.status}`);
      images[image.url] = createHash('sha256')
        .update(Buffer.from(await response.arrayBuffer()))
        .digest('hex');
    }
  }
  const byId = (a, b) => (a._id < b._id ? -1 : 1);
  return {
    users: users.map(({ _id, name, email, role }) => ({ _id, name, email, role })).sort(byId),
    products: products
      .map(({ _id, name, ProductSize, images: list }) => ({
        _id,
        name,
        sizes: ProductSize.map(({ size, stock }) => `${size}:${stock}`),
        images: list.map((image) => image.url),
      }))
      .sort(byId),
    images,
    orders: orders
      .map(({ _id, orderId, orderStatus, orderItems }) => ({
        _id,
        orderId,
        orderStatus,
        items: orderItems.map((item) => `${item.product}:${item.ProductSize}:${item.quantity}`),
      }))
      .sort(byId),
  };
}

/** Throws naming what differs when `after` lost or changed anything `before` had. */
export function assertSame(before, after, what) {
  const a = JSON.stringify(before);
  const b = JSON.stringify(after);
  if (a !== b)
    throw new Error(
      `${what}: data differs\nbefore: ${a.slice(0, 1500)}\nafter:  ${b.slice(0, 1500)}`,
    );
  return `${before.users.length} accounts, ${before.products.length} products, ${Object.keys(before.images).length} images, ${before.orders.length} orders`;
}
