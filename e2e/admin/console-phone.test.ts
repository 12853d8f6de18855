/**
 * Journeys: the console on a 390 px phone and the list's polish at 1280 px. Every console page an
 * admin or a volunteer opens fits the phone's width (nothing scrolls sideways); lists are one column
 * (react-admin's SimpleList); a volunteer opens an order from the list, picks its new status in a
 * picker whose options open inside the screen, and packs it; pick lists clear the ticked rows.
 */
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import {
  adminAndSchool,
  createProduct,
  placeOrder,
  readOrder,
  type ConsoleProduct,
  type PlacedOrder,
} from './console-helpers.js';

const PHONE = { width: 390, height: 844 };

/** The page's own width, and the widest element sticking out on the right (to name it). */
async function widthOf(page: Page): Promise<{ scrollWidth: number; widest: string }> {
  // The last element in document order reaching past the screen's edge: the innermost culprit.
  return page.evaluate(`(() => {
    let widest = '';
    const edge = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.right > edge + 0.5 && box.width > 0) {
        widest = element.tagName + '.' + String(element.className).split(' ')[0] + ' ' + Math.round(box.right);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  })()`);
}

interface ConsolePage {
  name: string;
  path: string;
  /** A text, a label or a heading that shows once the page has its data. */
  ready: string | { label: string } | { heading: string };
  /** Tabs of the page to open one after the other, each checked too once `ready` shows. */
  tabs?: { name: string; ready: string | RegExp }[];
}

async function open(page: Page, target: ConsolePage): Promise<void> {
  await page.goto(`/admin/#${target.path}`);
  const ready =
    typeof target.ready === 'string'
      ? page.getByText(target.ready)
      : 'label' in target.ready
        ? page.getByLabel(target.ready.label)
        : page.getByRole('heading', { name: target.ready.heading });
  await ready.filter({ visible: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('console: on a phone', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let school: APIRequestContext;
  let product: ConsoleProduct;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ admin, school } = await adminAndSchool(browser));
    product = await createProduct(admin, 'Phone', [{ size: 'M', stock: 20 }]);
  });
  afterAll(async () => {
    await browser.close();
  });

  function newOrder(label: string): Promise<PlacedOrder> {
    return placeOrder(school, product, 'M', 1, `${label}${Date.now().toString(36)}`);
  }

  it('keeps every console page within 390 px for admins and volunteers', async () => {
    const order = await newOrder('PHW');
    const users = (await (await admin.get('/api/console/users?range=[0,0]')).json()) as {
      id: string;
    }[];
    const source = (await (
      await admin.post('/api/console/donation-sources', {
        data: { name: `Phone Drive ${order.orderId}`, kind: 'drive' },
      })
    ).json()) as { id: string };
    const donation = (await (
      await admin.post('/api/console/donations', {
        data: {
          sourceId: source.id,
          receivedOn: '2026-11-20',
          lines: [{ productId: product.id, size: 'M', quantity: 1 }],
        },
      })
    ).json()) as { id: string };
    const count = (await (
      await admin.post('/api/console/stock-counts', { data: { scope: 'Footwear' } })
    ).json()) as { id: string };
    const common: ConsolePage[] = [
      { name: 'dashboard', path: '/', ready: 'Orders received' },
      { name: 'orders', path: '/orders', ready: order.orderId },
      { name: 'order', path: `/orders/${order._id}`, ready: `Process Order ${order.orderId}` },
      { name: 'pick-lists', path: `/pick-lists?ids=${order._id}`, ready: order.orderId },
      { name: 'donations', path: '/donations', ready: { heading: 'Donations' } },
      { name: 'donation', path: `/donations/${donation.id}/show`, ready: 'Recorded by' },
      { name: 'donation-create', path: '/donations/create', ready: { label: 'Received on' } },
      { name: 'stock-counts', path: '/stock-counts', ready: { heading: 'Stock counts' } },
      {
        name: 'stock-count',
        path: `/stock-counts/${count.id}/show`,
        ready: 'Count sheet',
        tabs: [{ name: 'Enter figures', ready: 'Save figures' }],
      },
      { name: 'how-to-use', path: '/how-to-use', ready: 'Processing an order' },
      { name: 'demand', path: '/demand', ready: 'Requested: items in open orders' },
      { name: 'order-entry', path: '/orders/create', ready: { label: 'Student id' } },
    ];
    const pages: Record<'admin' | 'volunteer', ConsolePage[]> = {
      admin: [
        ...common,
        { name: 'products', path: '/products', ready: { heading: 'All Products' } },
        { name: 'product-create', path: '/products/create', ready: { label: 'Images' } },
        { name: 'product-edit', path: `/products/${product.id}`, ready: { label: 'Add images' } },
        { name: 'users', path: '/users', ready: { heading: 'ALL USERS' } },
        { name: 'user-create', path: '/users/create', ready: { label: 'School Name' } },
        { name: 'user-edit', path: `/users/${users[0]?.id ?? ''}`, ready: { label: 'Login ID' } },
        { name: 'reviews', path: '/reviews', ready: { heading: 'Reviews' } },
        { name: 'report', path: '/report', ready: 'Orders fulfilled' },
        { name: 'sources', path: '/donation-sources', ready: { heading: 'Donation sources' } },
        { name: 'source-edit', path: `/donation-sources/${source.id}`, ready: { label: 'Kind' } },
        { name: 'stock-count-create', path: '/stock-counts/create', ready: { label: 'Note' } },
        { name: 'settings', path: '/settings/settings', ready: { label: 'Student request limit' } },
        {
          name: 'stock-count-review',
          path: `/stock-counts/${count.id}/show`,
          ready: 'Count sheet',
          tabs: [
            { name: 'Enter figures', ready: 'Save figures' },
            { name: 'Review and finalise', ready: /not counted \(not adjusted\)/ },
          ],
        },
      ],
      volunteer: common,
    };

    const tooWide: string[] = [];
    for (const role of ['admin', 'volunteer'] as const) {
      const { context, page } = await newPage(browser, PHONE);
      await apiLogin(context, role);
      for (const target of pages[role]) {
        await open(page, target);
        const { scrollWidth, widest } = await widthOf(page);
        await screenshot(page, `console-phone-${role}-${target.name}`);
        if (scrollWidth > PHONE.width)
          tooWide.push(`${role} ${target.name}: ${scrollWidth} (${widest})`);
        for (const tab of target.tabs ?? []) {
          await page.getByRole('tab', { name: tab.name }).click();
          await page.getByText(tab.ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          const inTab = await widthOf(page);
          const shot = `console-phone-${role}-${target.name}-${tab.name.replace(/ /g, '-')}`;
          await screenshot(page, shot);
          if (inTab.scrollWidth > PHONE.width)
            tooWide.push(
              `${role} ${target.name} ${tab.name}: ${inTab.scrollWidth} (${inTab.widest})`,
            );
        }
      }
      // The login page too, signed out.
      await context.close();
    }
    const { page: signedOut, context } = await newPage(browser, PHONE);
    await signedOut.goto('/admin/#/login');
    await signedOut.getByLabel('Login ID').waitFor();
    const login = await widthOf(signedOut);
    if (login.scrollWidth > PHONE.width) tooWide.push(`login: ${login.scrollWidth}`);
    await screenshot(signedOut, 'console-phone-login');
    await context.close();
    expect(tooWide).toEqual([]);
  }, 300_000);

  it('lists orders in one column; a volunteer opens one and packs it with every control on screen', async () => {
    const order = await newOrder('PHP');
    const { context, page } = await newPage(browser, PHONE);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        refused.push(`${response.status()} ${response.url()}`);
    });
    await apiLogin(context, 'volunteer');
    await page.goto('/admin/#/orders');
    // The small-screen list: no table, each order a link with its number and status.
    const row = page.getByRole('link').filter({ hasText: order.orderId });
    await row.waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);
    await expect(row.getByText('Processing').isVisible()).resolves.toBe(true);
    await screenshot(page, 'console-phone-orders-list');
    await row.click();
    await page.getByText(`Process Order ${order.orderId}`).first().waitFor();

    // The student and the address show as labelled fields, not the stored ID_age_gender form.
    await page.getByText('Student id').waitFor();
    await expect(page.getByText(/_10_NA/).count()).resolves.toBe(0);

    const picker = page.getByRole('combobox', { name: 'New status' });
    await picker.scrollIntoViewIfNeeded();
    await picker.click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const boxes = await options.evaluateAll((elements) =>
      elements.map((element) => {
        const box = (
          element as unknown as { getBoundingClientRect(): DOMRectLike }
        ).getBoundingClientRect();
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }),
    );
    expect(boxes.length).toBe(5);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(PHONE.height);
    }
    await screenshot(page, 'console-phone-new-status-open');
    await page.getByRole('option', { name: 'Packing', exact: true }).click();
    const process = page.getByRole('button', { name: 'Process' });
    await process.scrollIntoViewIfNeeded();
    const box = await process.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await process.click();
    await page.getByText('Order Updated Successfully').first().waitFor();
    expect((await readOrder(admin, order._id)).orderStatus).toBe('Packing');
    await screenshot(page, 'console-phone-order-packing');
    await context.close();
    // A volunteer's Process Order reads nothing it is refused (the stock comes with the order).
    expect(refused).toEqual([]);
  });

  it('keeps order numbers on one line at 1280 px and clears the ticks after printing pick lists', async () => {
    const first = await newOrder('PKA');
    const second = await newOrder('PKB');
    const { context, page } = await newPage(browser);
    await apiLogin(context, 'admin');
    await page.goto('/admin/#/orders');
    const cell = page.getByRole('cell', { name: first.orderId, exact: true });
    await cell.waitFor();
    const lines = await cell.evaluate((element) => {
      const span = (element as unknown as { firstElementChild: HTMLLikeElement }).firstElementChild;
      return span.getClientRects().length;
    });
    expect(lines).toBe(1);

    for (const order of [first, second]) {
      await page
        .getByRole('row')
        .filter({ hasText: order.orderId })
        .getByRole('checkbox', { name: 'Select this row' })
        .check();
    }
    await page.getByRole('button', { name: 'Print pick lists' }).click();
    await page.getByText(`Pick list ${second.orderId}`).waitFor();
    await page.goBack();
    await page.getByRole('cell', { name: first.orderId, exact: true }).waitFor();
    // Back on the list: nothing ticked, the toolbar (Add filter, Export) shows again.
    await page.getByRole('button', { name: 'Add filter' }).waitFor();
    await page.getByRole('button', { name: 'Export' }).waitFor();
    await expect(page.getByRole('checkbox', { checked: true }).count()).resolves.toBe(0);
    await screenshot(page, 'console-orders-after-pick-lists');
    await context.close();
  });
});

/** The few DOM shapes the browser-side callbacks use (the tests compile without the DOM library). */
interface DOMRectLike {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface HTMLLikeElement {
  getClientRects(): { length: number };
}
