/**
 * Uploads are checked by content (not by name or declared type) and by size; CSV exports cannot
 * smuggle spreadsheet formulas.
 */
import { randomUUID } from 'node:crypto';
import { waitFor } from '@lr/testing';
import { startFullStack, type FullStack } from '../support/full-stack.js';

function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; data: Buffer }[],
) {
  const boundary = `----lr${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('uploads and exports', () => {
  let stack: FullStack;
  let user: string;
  let admin: string;

  beforeAll(async () => {
    stack = await startFullStack();
    user = await stack.login('maplegrove');
    admin = await stack.login('admin');
  }, 120_000);
  afterAll(() => stack.close());

  it('refuses a script named .png as an avatar', async () => {
    const body = multipart({ name: 'Maple Grove Elementary', email: 'maplegrove' }, [
      {
        field: 'avatar',
        filename: 'photo.png',
        type: 'image/png',
        data: Buffer.from('<?php system($_GET["c"]); ?>'),
      },
    ]);
    const response = await stack.request({
      method: 'PUT',
      url: '/api/v1/me/update',
      cookie: user,
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('refuses an avatar over 2 MB even when it looks like a PNG', async () => {
    const big = Buffer.concat([PNG_HEADER, Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const body = multipart({ name: 'Maple Grove Elementary', email: 'maplegrove' }, [
      { field: 'avatar', filename: 'big.png', type: 'image/png', data: big },
    ]);
    const response = await stack.request({
      method: 'PUT',
      url: '/api/v1/me/update',
      cookie: user,
      ...body,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a product image that is not an image', async () => {
    const { body } = await stack.request({
      method: 'GET',
      url: '/api/v1/admin/products',
      cookie: admin,
    });
    const productId = (JSON.parse(body) as { products: { _id: string }[] }).products[0]!._id;
    const upload = multipart({}, [
      {
        field: 'images',
        filename: 'shoe.jpg',
        type: 'image/jpeg',
        data: Buffer.from('GIF89a not really'),
      },
    ]);
    const response = await stack.request({
      method: 'POST',
      url: `/api/console/products/${productId}/images`,
      cookie: admin,
      ...upload,
    });
    expect(response.statusCode).toBe(400);
  });

  // The export holds no student (reporting keeps no personal data), so the formula travels in a
  // product's name, which a school's order carries into every export row of its line.
  it('escapes formula-like cells in the orders CSV, which holds no student', async () => {
    const created = await stack.request({
      method: 'POST',
      url: '/api/console/products',
      cookie: admin,
      payload: {
        name: '=HYPERLINK("http://evil.example") boots',
        description: 'formula in a name',
        category: 'Footwear',
        SubCategory: 'Unisex youth sizing',
        ProductSize: [{ size: '5', stock: 5 }],
        isShow: true,
      },
    });
    expect([200, 201]).toContain(created.statusCode);
    const product = JSON.parse(created.body) as { id: string };
    const placed = await stack.request({
      method: 'POST',
      url: '/api/v1/order/new',
      cookie: user,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: { receivingPersonName: 'CSVSTUDENT-9_12_NA', Email: 'teacher@example.org' },
        orderItems: [{ product: product.id, ProductSize: '5', quantity: 1 }],
      },
    });
    expect([200, 201]).toContain(placed.statusCode);
    const csv = await waitFor(
      async () => {
        const response = await stack.request({
          method: 'GET',
          url: '/api/v1/admin/orders.csv',
          cookie: admin,
        });
        return response.body.includes('HYPERLINK') ? response.body : null;
      },
      { message: 'the order in the export' },
    );
    const line = csv.split('\n').find((l) => l.includes('HYPERLINK'))!;
    expect(line).not.toMatch(/(^|,)"?=HYPERLINK/);
    expect(line).toMatch(/'=HYPERLINK/);
    expect(csv).not.toContain('CSVSTUDENT-9');
  });
});
