/**
 * Journey: an admin answers a school's privacy request in the console. The Privacy page exports a
 * student's orders as JSON and CSV files and erases the student's details from every order of the
 * school after a confirmation; an order's page erases that order's details after one too, and then
 * shows the erased marker. Looked at 1280 and 390 px wide, axe clean.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { adminAndSchool, createProduct, placeOrder, type PlacedOrder } from './console-helpers.js';

describe('console: privacy requests', () => {
  let browser: Browser;
  let studentId: string;
  let studentOrders: PlacedOrder[];
  let otherOrder: PlacedOrder;
  let admin: Awaited<ReturnType<typeof adminAndSchool>>['admin'];

  beforeAll(async () => {
    browser = await launchBrowser();
    const clients = await adminAndSchool(browser);
    admin = clients.admin;
    const product = await createProduct(admin, 'Privacy', [{ size: '5', stock: 20 }]);
    studentId = `PRV-${randomUUID().slice(0, 6)}`;
    studentOrders = [
      await placeOrder(clients.school, product, '5', 1, studentId),
      await placeOrder(clients.school, product, '5', 1, studentId),
    ];
    otherOrder = await placeOrder(clients.school, product, '5', 1, `${studentId}-B`);
  });
  afterAll(async () => {
    await browser.close();
  });

  async function personOf(id: string): Promise<string> {
    const order = (await (await admin.get(`/api/console/orders/${id}`)).json()) as {
      shippingInfo: { receivingPersonName: string };
    };
    return order.shippingInfo.receivingPersonName;
  }

  it("exports a student's orders as files and erases the student after a confirmation", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, 'admin');
      await page.goto('/admin/#/privacy');
      await page.getByRole('heading', { name: "Export or erase a student's details" }).waitFor();
      await page.getByRole('combobox', { name: 'School' }).click();
      await page.getByRole('option', { name: /Willow Creek/ }).click();
      await page.getByLabel(/^Student id/).fill(studentId);
      for (const [button, extension] of [
        ['Export JSON', 'json'],
        ['Export CSV', 'csv'],
      ] as const) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: button }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(
          new RegExp(`^privacy-export_.*${studentId}\\.${extension}$`),
        );
      }
      await expectNoSeriousAxeViolations(page, `privacy page (${viewport.width}px)`);
      await screenshot(page, `admin-privacy-${viewport.width}`);

      await page.getByRole('button', { name: 'Erase student' }).click();
      await page.getByRole('dialog').getByText(`Erase student ${studentId}'s details`).waitFor();
      await expectNoSeriousAxeViolations(page, `privacy erase dialog (${viewport.width}px)`);
      await screenshot(page, `admin-privacy-erase-dialog-${viewport.width}`);
      if (viewport.width === 390) {
        // Cancel changes nothing.
        await page.getByRole('button', { name: 'Cancel' }).click();
        expect(await personOf(studentOrders[0]!._id)).toBe(`${studentId}_10_NA`);
      } else {
        await page.getByRole('button', { name: 'Erase', exact: true }).click();
        await page.getByText('Personal details erased from 2 orders').waitFor();
        for (const order of studentOrders) expect(await personOf(order._id)).toBe('erased');
        expect(await personOf(otherOrder._id)).toBe(`${studentId}-B_10_NA`);
      }
      await context.close();
    }
  });

  it("erases one order's details from its page", async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, 'admin');
    await page.goto(`/admin/#/orders/${otherOrder._id}`);
    // The order page shows the student id as its own labelled field.
    await page.getByText(`${studentId}-B`, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Erase details' }).click();
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    await page.getByText('Personal details erased from 1 order').waitFor();
    await page.getByText('erased', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Erase details' }).count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page, 'order page, details erased');
    await screenshot(page, 'admin-order-erased-1280');
    await context.close();
  });
});
