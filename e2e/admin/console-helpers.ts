/**
 * Helpers for the console journeys: log in through the console's own page, and set up the data a
 * journey needs through the real API (a product of its own, orders placed by a school), so journeys
 * never depend on demo stock another journey may be changing.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { dayIn } from '@lr/contracts';
import { apiLogin, DEMO_CODE, newPage } from '../harness.js';

export const SCHOOL_LOGIN_ID = 'willowcreek';

/**
 * Today as the charity counts days (YYYY-MM-DD), in the zone the stack's pickup times carry: the
 * day the console's date fields start on and the store goes by.
 */
export async function charityToday(staff: APIRequestContext): Promise<string> {
  const { timeZone } = (await (await staff.get('/api/console/pickup-times')).json()) as {
    timeZone: string;
  };
  return dayIn(timeZone, new Date());
}

export async function consoleLogin(page: Page, loginId: string, code = DEMO_CODE): Promise<void> {
  await page.goto('/admin/#/login');
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { name: 'Orders received' }).waitFor();
}

/** API clients signed in as the admin and as the journeys' school (cookies of their own). */
export async function adminAndSchool(
  browser: Browser,
): Promise<{ admin: APIRequestContext; school: APIRequestContext }> {
  const { context: adminContext } = await newPage(browser);
  const { context: schoolContext } = await newPage(browser);
  await apiLogin(adminContext, 'admin');
  await apiLogin(schoolContext, SCHOOL_LOGIN_ID);
  return { admin: adminContext.request, school: schoolContext.request };
}

async function ok<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
): Promise<T> {
  if (!response.ok())
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface ConsoleProduct {
  id: string;
  name: string;
  SubCategory: string;
  ProductSize: { _id: string; size: string; stock: number }[];
}

/**
 * A visible product of the journey's own, with the given sizes and stock. Its name sorts after every
 * demo product so the store's journeys, which take the first product that fits, never pick it.
 */
export async function createProduct(
  admin: APIRequestContext,
  label: string,
  sizes: { size: string; stock: number }[],
): Promise<ConsoleProduct> {
  const response = await admin.post('/api/console/products', {
    data: {
      name: `Zz E2E ${label} ${randomUUID().slice(0, 8)}`,
      description: 'Made by a browser journey',
      category: 'Footwear',
      SubCategory: 'Unisex youth sizing',
      ProductSize: sizes,
      isShow: true,
    },
  });
  return ok<ConsoleProduct>(response, 'create product');
}

export async function readProduct(admin: APIRequestContext, id: string): Promise<ConsoleProduct> {
  return ok<ConsoleProduct>(await admin.get(`/api/console/products/${id}`), 'read product');
}

export async function stockOf(
  admin: APIRequestContext,
  productId: string,
  size: string,
): Promise<number> {
  const product = await readProduct(admin, productId);
  const found = product.ProductSize.find((s) => s.size === size);
  if (!found) throw new Error(`product ${productId} has no size ${size}`);
  return found.stock;
}

/** Stock moves when catalog consumes the order event: wait for it (and fail if it never comes). */
export async function waitForStock(
  admin: APIRequestContext,
  productId: string,
  size: string,
  expected: number,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = NaN;
  while (Date.now() < deadline) {
    last = await stockOf(admin, productId, size);
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`stock of ${productId} size ${size} stayed ${last}, expected ${expected}`);
}

export interface PlacedOrder {
  _id: string;
  orderId: string;
  orderStatus: string;
}

/** A school's request for one line of the product, placed through the store's API. */
export async function placeOrder(
  school: APIRequestContext,
  product: ConsoleProduct,
  size: string,
  quantity: number,
  studentId: string,
): Promise<PlacedOrder> {
  const response = await school.post('/api/v1/order/new', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      shippingInfo: {
        receivingPersonName: `${studentId}_10_NA`,
        userLoggedInDesignation: 'Mr Journey',
        phoneNo: '555-0100',
        Email: 'journey@willowcreek.example',
        additionalComments: '',
      },
      orderItems: [
        {
          product: product.id,
          name: product.name,
          SubCategory: product.SubCategory,
          ProductSize: size,
          quantity,
          image: '',
          price: 0,
        },
      ],
      itemsPrice: 0,
      taxPrice: 0,
      shippingPrice: 0,
      totalPrice: 0,
    },
  });
  return (await ok<{ order: PlacedOrder }>(response, 'place order')).order;
}

export async function readOrder(admin: APIRequestContext, id: string) {
  return ok<{
    id: string;
    orderStatus: string;
    orderItems: { quantity: number; requestedQuantity: number }[];
  }>(await admin.get(`/api/console/orders/${id}`), 'read order');
}

/** Moves an order to Printed through the console API, keeping `quantities` (catalog takes them). */
export async function markPrinted(
  admin: APIRequestContext,
  orderId: string,
  quantities: number[],
): Promise<void> {
  const response = await admin.put(`/api/console/orders/${orderId}`, {
    data: { status: 'Printed', newQuantity: quantities },
  });
  expect(response.status()).toBe(200);
}

/** Picks a status in the Process Order page's 'New status' dropdown. */
export async function chooseStatus(page: Page, status: string): Promise<void> {
  await page.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
}
