/**
 * Placing requests through rpc.orders.place against the real PostgreSQL and NATS, with the real auth
 * and catalog services: the line rules, the address from the profile, the order number, idempotent
 * submits and the placed event.
 */
import { randomUUID } from 'node:crypto';
import {
  authOps,
  ordersOps,
  EVENTS,
  HINTS,
  catalogOps,
  namespaced,
  withoutPersonalFields,
  type Actor,
  type AppError,
  type RefusedLine,
} from '@lr/contracts';
import { TestEnv, mailsIn, waitFor } from '@lr/testing';
import { formatOrderNumber } from '../src/orders/order-number.js';
import {
  createProduct,
  hideProduct,
  place,
  registerAccount,
  setStock,
  shipping,
  startOrdersWithServices,
} from '@lr/testing/services';
import { streamEvents } from './support/streams.js';

describe('placing an order', () => {
  let env: TestEnv;
  let admin: Actor;
  let schoolA: Actor;
  let testUser: Actor;

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin, testUser } = await startOrdersWithServices(env));
    schoolA = await registerAccount(env, admin, 'Northside Primary', {
      address: '12 Elm Street',
      district: 'North',
    });
  });
  afterAll(() => env.close());

  const addProduct = (
    name: string,
    sizes: Record<string, number>,
    options?: Parameters<typeof createProduct>[4],
  ) => createProduct(env, admin, name, sizes, options);

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return (await promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error,
    )) as AppError;
  }

  /** The lines a refused placement names. */
  const refusedLines = (error: AppError) => (error.details as { lines: RefusedLine[] }).lines;

  /** A product's own creation events empty orders' copy when they arrive; lets them arrive first. */
  const catalogEventsSent = () =>
    waitFor(
      async () =>
        (await env.pool.query('SELECT 1 FROM catalog.outbox WHERE sent_at IS NULL')).rowCount === 0,
      { message: 'catalog events sent' },
    );

  /** An admin moves the school to another address (auth hints orders that its profile changed). */
  const moveSchool = (school: Actor, address: string, district: string) =>
    env.rpc.call(
      authOps.updateUser,
      { id: school.id, name: school.name, email: school.loginId, role: 'user', address, district },
      { actor: admin },
    );

  it('creates a Processing order with the profile address, a friendly number and copies of the products', async () => {
    const shirt = await addProduct(
      'School shirt',
      { S: 10, M: 3 },
      { category: 'Clothing', SubCategory: "Boy's sizing" },
    );
    const shoe = await addProduct(
      'Trainer',
      { '5': 2 },
      { category: 'Footwear', SubCategory: 'Unisex youth sizing' },
    );
    const order = await place(env, schoolA, [
      { productId: shirt.id, size: 'M', quantity: 3 },
      { productId: shoe.id, size: '5', quantity: 1 },
    ]);
    expect(order.status).toBe('Processing');
    expect(order.orderNumber).toMatch(/^LR-\d{6}$/);
    expect(order.version).toBe(1);
    expect(order.userId).toBe(schoolA.id);
    expect(order.userName).toBe('Northside Primary');
    expect(order.deliveredAt).toBeNull();
    expect(order.shippingInfo).toMatchObject({
      userName: 'Northside Primary',
      receivingPersonName: 'S-1001_12_Female',
      userLoggedInDesignation: 'Ms Teacher',
      userAddress: '12 Elm Street|North',
      Email: 'teacher@school.example',
      orderDate: order.createdAt,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        productId: shirt.id,
        name: 'School shirt',
        category: 'Clothing',
        subCategory: "Boy's sizing",
        size: 'M',
        requestedQuantity: 3,
        quantity: 3,
        image: '/media/placeholder/clothing.svg',
      }),
      expect.objectContaining({
        productId: shoe.id,
        name: 'Trainer',
        category: 'Footwear',
        size: '5',
        requestedQuantity: 1,
        quantity: 1,
      }),
    ]);

    const events = await waitFor(async () => {
      const all = await streamEvents(env.nc, env.namespace, 'ORDERS');
      return all.some((e) => e.data.order.id === order.id) ? all : null;
    });
    const placed = events.filter((e) => e.data.order.id === order.id);
    expect(placed).toHaveLength(1);
    // The event carries the order without its personal fields, the student as a fingerprint.
    expect(placed[0]).toMatchObject({
      type: EVENTS.ordersOrderPlaced,
      version: 1,
      data: {
        order: {
          ...order,
          shippingInfo: withoutPersonalFields(order.shippingInfo),
          studentFingerprint: expect.stringMatching(/^[\w-]{43}$/),
        },
      },
    });

    const history = await env.rpc.call(ordersOps.history, { id: order.id }, { actor: admin });
    expect(history).toEqual([
      expect.objectContaining({ from: null, to: 'Processing', quantities: [3, 1], reason: null }),
    ]);
  });

  it('gives consecutive order numbers', async () => {
    const product = await addProduct('Socks', { 'One size': 50 });
    const first = await place(env, schoolA, [
      { productId: product.id, size: 'One size', quantity: 1 },
    ]);
    const second = await place(env, schoolA, [
      { productId: product.id, size: 'One size', quantity: 1 },
    ]);
    const n = (o: { orderNumber: string }) => Number(o.orderNumber.slice(3));
    expect(n(second)).toBe(n(first) + 1);
  });

  it('writes orders placed at the same moment together, each with its own number, lines and event in number order', async () => {
    const product = await addProduct('Knitted scarf', { 'One size': 100 });
    const quantity = (i: number) => (i % 3) + 1;
    const orders = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        place(env, schoolA, [{ productId: product.id, size: 'One size', quantity: quantity(i) }], {
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    const numbers = orders.map((o) => Number(o.orderNumber.slice(3)));
    expect(new Set(numbers).size).toBe(12);
    for (const [i, order] of orders.entries()) {
      expect(order.lines).toEqual([expect.objectContaining({ quantity: quantity(i) })]);
    }

    // Written together: rows of one statement share a transaction id (xmin); 12 orders, fewer.
    // (A group that fails, e.g. on a repeated idempotency key, is written order by order: see the
    // concurrent repeated submits above.)
    const { rows } = await env.pool.query<{ statements: number; lines: number }>(
      `SELECT count(DISTINCT o.xmin::text)::int AS statements, count(l.id)::int AS lines
       FROM orders.orders o JOIN orders.order_lines l ON l.order_id = o.id
       WHERE o.id = ANY($1::uuid[])`,
      [orders.map((o) => o.id)],
    );
    expect(rows[0]!.lines).toBe(12);
    expect(rows[0]!.statements).toBeLessThan(12);

    // Every order has one placed event carrying its own number, and the stream has them in
    // number order.
    const ids = new Set(orders.map((o) => o.id));
    const placed = await waitFor(async () => {
      const all = await streamEvents(env.nc, env.namespace, 'ORDERS');
      const mine = all.filter(
        (e) => e.type === EVENTS.ordersOrderPlaced && ids.has(e.data.order.id),
      );
      return mine.length >= ids.size ? mine : null;
    });
    expect(placed).toHaveLength(ids.size);
    expect(new Set(placed.map((e) => e.data.order.id)).size).toBe(ids.size);
    for (const event of placed) {
      const order = orders.find((o) => o.id === event.data.order.id)!;
      expect(event.data.order).toEqual({
        ...order,
        shippingInfo: withoutPersonalFields(order.shippingInfo),
        studentFingerprint: expect.any(String),
      });
    }
    const streamNumbers = placed.map((e) => Number(e.data.order.orderNumber.slice(3)));
    expect(streamNumbers).toEqual([...streamNumbers].sort((a, b) => a - b));
  });

  it('refuses unknown, hidden and missing sizes, and more than 5, naming the lines', async () => {
    const visible = await addProduct('Jumper', { M: 10 });
    const hidden = await addProduct('Old coat', { L: 10 });
    await hideProduct(env, admin, hidden.id);
    const missing = randomUUID();
    const error = await refusal(
      place(env, schoolA, [
        { productId: visible.id, size: 'M', quantity: 2 },
        { productId: missing, size: 'M', quantity: 1 },
        { productId: hidden.id, size: 'L', quantity: 1 },
        { productId: visible.id, size: 'XXL', quantity: 1 },
      ]),
    );
    expect(error.code).toBe('CONFLICT');
    const lines = refusedLines(error);
    expect(lines.map((l) => [l.index, l.reason])).toEqual([
      [1, 'not-found'],
      [2, 'hidden'],
      [3, 'no-such-size'],
    ]);

    const tooMany = await refusal(
      place(env, schoolA, [{ productId: visible.id, size: 'M', quantity: 6 }]),
    );
    expect(tooMany.code).toBe('CONFLICT');
    expect(refusedLines(tooMany)).toEqual([
      expect.objectContaining({ index: 0, reason: 'over-limit', requested: 6, name: 'Jumper' }),
    ]);
  });

  it('refuses a line above the current stock', async () => {
    const product = await addProduct('Cap', { 'One size': 2 });
    const error = await refusal(
      place(env, schoolA, [{ productId: product.id, size: 'One size', quantity: 3 }]),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('only 2 left');
    expect(refusedLines(error)).toEqual([
      expect.objectContaining({ index: 0, reason: 'short', requested: 3, available: 2 }),
    ]);
    const mine = await env.rpc.call(ordersOps.listMine, {}, { actor: schoolA });
    expect(
      mine.items.some(
        (o) => (o as { lines: { productId: string }[] }).lines[0]?.productId === product.id,
      ),
    ).toBe(false);
  });

  it('lets TEST USER ask for more than 5 but not more than the stock', async () => {
    const product = await addProduct('Pencil case', { 'One size': 8 });
    const order = await place(env, testUser, [
      { productId: product.id, size: 'One size', quantity: 8 },
    ]);
    expect(order.lines[0]?.quantity).toBe(8);
    await expect(
      place(env, testUser, [{ productId: product.id, size: 'One size', quantity: 9 }]),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('creates one order for a repeated submit with the same idempotency key, also when concurrent', async () => {
    const product = await addProduct('Gloves', { S: 20 });
    const lines = [{ productId: product.id, size: 'S', quantity: 1 }];
    const key = randomUUID();
    const first = await place(env, schoolA, lines, { idempotencyKey: key });
    const again = await place(env, schoolA, lines, { idempotencyKey: key });
    expect(again.id).toBe(first.id);

    const raceKey = randomUUID();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => place(env, schoolA, lines, { idempotencyKey: raceKey })),
    );
    expect(new Set(results.map((o) => o.id)).size).toBe(1);

    const { rows } = await env.pool.query(
      'SELECT count(*)::int AS n FROM orders.orders WHERE idempotency_key = ANY($1)',
      [[key, raceKey]],
    );
    expect(rows[0]).toEqual({ n: 2 });

    // The key belongs to one school: another school with the same key gets its own order.
    const schoolB = await registerAccount(env, admin, 'Southside Primary');
    const other = await place(env, schoolB, lines, { idempotencyKey: key });
    expect(other.id).not.toBe(first.id);
  });

  it('answers a repeated submit with its first order even when its lines would now be refused', async () => {
    const product = await addProduct('Last hat', { M: 1 });
    const lines = [{ productId: product.id, size: 'M', quantity: 1 }];
    const key = randomUUID();
    const first = await place(env, schoolA, lines, { idempotencyKey: key });
    // The only unit is gone, so a fresh request for it is refused ...
    await setStock(env, admin, product.id, 'M', 0);
    await expect(place(env, schoolA, lines)).rejects.toMatchObject({ code: 'CONFLICT' });
    // ... but the retry of the submit that already succeeded gets its order back.
    const again = await place(env, schoolA, lines, { idempotencyKey: key });
    expect(again).toEqual(first);
  });

  it('formats order numbers in SQL exactly as in the code (the placed event is built in SQL)', async () => {
    const numbers = [1, 42, 999_999, 1_000_000, 123_456_789];
    const { rows } = await env.pool.query<{ n: string; text: string }>(
      'SELECT n::text, orders.format_order_number(n) AS text FROM unnest($1::bigint[]) AS n',
      [numbers],
    );
    expect(rows.map((r) => r.text)).toEqual(numbers.map(formatOrderNumber));
  });

  it('uses a changed address on the very next order, though the profile is kept between orders', async () => {
    const school = await registerAccount(env, admin, 'Westfield Primary', {
      address: '1 Old Road',
      district: 'West',
    });
    const product = await addProduct('Mittens', { S: 10 });
    const lines = [{ productId: product.id, size: 'S', quantity: 1 }];
    const first = await place(env, school, lines);
    expect(first.shippingInfo.userAddress).toBe('1 Old Road|West');

    // Kept: the second order does not ask auth for the profile again.
    let profileRequests = 0;
    const asked = env.nc.subscribe(namespaced(env.namespace, authOps.getUser.subject), {
      callback: () => {
        profileRequests += 1;
      },
    });
    await env.nc.flush();
    await place(env, school, lines);
    expect(profileRequests).toBe(0);

    await moveSchool(school, '2 New Road', 'East');
    const after = await place(env, school, lines);
    expect(after.shippingInfo.userAddress).toBe('2 New Road|East');
    await waitFor(async () => profileRequests === 1, { message: 'one profile request' });
    asked.unsubscribe();
  });

  /**
   * Other users' hints sent now queue ahead of a change's own hint on orders' connection, and are
   * still being read when the next order is sent: that order is read after them all.
   */
  const keepHintsConnectionBusy = () => {
    const subject = namespaced(env.namespace, HINTS.authSessionsChanged);
    for (let i = 0; i < 100_000; i += 1) {
      env.nc.publish(subject, JSON.stringify({ userId: randomUUID() }));
    }
  };

  it('uses a changed address on the very next order while its hints connection is still busy', async () => {
    const school = await registerAccount(env, admin, 'Eastfield Primary', {
      address: '1 Mill Lane',
      district: 'South',
    });
    const product = await addProduct('Bobble hat', { S: 10 });
    const lines = [{ productId: product.id, size: 'S', quantity: 1 }];
    expect((await place(env, school, lines)).shippingInfo.userAddress).toBe('1 Mill Lane|South');

    keepHintsConnectionBusy();
    await moveSchool(school, '2 Mill Lane', 'North');
    const after = await place(env, school, lines);
    expect(after.shippingInfo.userAddress).toBe('2 Mill Lane|North');
  });

  it('keeps the products between orders, yet sees a hidden product or new stock on the very next order', async () => {
    const product = await addProduct('Winter scarf', { M: 3 });
    const lines = [{ productId: product.id, size: 'M', quantity: 1 }];
    await catalogEventsSent();
    await place(env, schoolA, lines);

    // Kept: the second order does not ask catalog for the product again.
    let productRequests = 0;
    const asked = env.nc.subscribe(namespaced(env.namespace, catalogOps.getProducts.subject), {
      callback: () => {
        productRequests += 1;
      },
    });
    await env.nc.flush();
    await place(env, schoolA, lines);
    expect(productRequests).toBe(0);

    // New stock through catalog: the next order is checked against it at once.
    await setStock(env, admin, product.id, 'M', 0);
    const short = await refusal(place(env, schoolA, lines));
    expect(refusedLines(short)).toEqual([
      expect.objectContaining({ reason: 'short', available: 0 }),
    ]);
    await setStock(env, admin, product.id, 'M', 5);
    await place(env, schoolA, lines);

    // Hidden by an admin: refused from the very next order.
    await hideProduct(env, admin, product.id);
    const hidden = await refusal(place(env, schoolA, lines));
    expect(refusedLines(hidden)).toEqual([expect.objectContaining({ reason: 'hidden' })]);
    expect(productRequests).toBeGreaterThanOrEqual(3);
    asked.unsubscribe();
  });

  it('refuses a product hidden just now on the very next order while its hints connection is still busy', async () => {
    const product = await addProduct('Ear muffs', { M: 3 });
    const lines = [{ productId: product.id, size: 'M', quantity: 1 }];
    await catalogEventsSent();
    await place(env, schoolA, lines);

    keepHintsConnectionBusy();
    await hideProduct(env, admin, product.id);
    const hidden = await refusal(place(env, schoolA, lines));
    expect(refusedLines(hidden)).toEqual([expect.objectContaining({ reason: 'hidden' })]);
  });

  it('checks who places and what they send', async () => {
    const product = await addProduct('Scarf', { 'One size': 5 });
    const lines = [{ productId: product.id, size: 'One size', quantity: 1 }];
    await expect(place(env, null, lines)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(place(env, TestEnv.actor('volunteer'), lines)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(place(env, schoolA, [])).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      env.rpc.call(
        ordersOps.place,
        { shippingInfo: shipping({ receivingPersonName: 'S-1001' }), lines },
        { actor: schoolA },
      ),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('receivingPersonName'),
    });
    await expect(
      env.rpc.call(
        ordersOps.place,
        { shippingInfo: shipping({ Email: '' }), lines },
        { actor: schoolA },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Email') });
    await expect(
      place(env, schoolA, [...lines, { ...lines[0]!, quantity: 2 }]),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('twice') });
    // An account deleted since login cannot place.
    const gone = await registerAccount(env, admin, 'Closed School');
    await env.rpc.call(authOps.deleteUser, { id: gone.id }, { actor: admin });
    await expect(place(env, gone, lines)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('emails the school that its request was received', async () => {
    const product = await addProduct('Raincoat', { M: 5 });
    const order = await place(env, schoolA, [{ productId: product.id, size: 'M', quantity: 1 }]);
    const mail = await waitFor(async () =>
      (await mailsIn(env.dataDir)).find((text) => text.includes(order.orderNumber)),
    );
    expect(mail).toContain('To: teacher@school.example');
    expect(mail).toContain('Raincoat');
  });
});
