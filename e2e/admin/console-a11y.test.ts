/**
 * Journey: every console page an admin or a volunteer opens, at 1280x900 and on a 390x844 phone,
 * passes axe-core (WCAG 2.2 A/AA, no serious or critical violation), has a visible focus ring and
 * is screenshotted for a person to look at.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { adminAndSchool, createProduct, placeOrder } from './console-helpers.js';

/** The few browser globals the focus probe uses (the tests compile without the DOM library). */
interface ProbeElement {
  tagName: string;
  textContent: string | null;
  classList: { contains(name: string): boolean };
  getAttribute(name: string): string | null;
  closest(selector: string): ProbeElement | null;
}
interface ProbeGlobals {
  document: { activeElement: ProbeElement | null; body: unknown };
  getComputedStyle(element: ProbeElement): {
    outlineStyle: string;
    outlineWidth: string;
    boxShadow: string;
  };
}

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

interface ConsolePage {
  name: string;
  path: string;
  /** What shows once the page has its data: a text, a form field's label, or a heading. */
  ready: string | { label: string } | { heading: string };
}

async function visit(page: Page, target: ConsolePage, label: string): Promise<void> {
  await page.goto(`/admin/#${target.path}`);
  const ready =
    typeof target.ready === 'string'
      ? page.getByText(target.ready)
      : 'label' in target.ready
        ? page.getByLabel(target.ready.label)
        : page.getByRole('heading', { name: target.ready.heading });
  await ready.filter({ visible: true }).first().waitFor();
  // The page's own h1 (WCAG 1.3.1 / 2.4.6): the app bar's title or the page's heading.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousAxeViolations(page, `${target.name} (${label})`);
  await screenshot(page, `console-a11y-${label}-${target.name}`);
}

describe('console: accessibility of every page', () => {
  let browser: Browser;
  let pages: { admin: ConsolePage[]; volunteer: ConsolePage[] };
  beforeAll(async () => {
    browser = await launchBrowser();
    const { admin, school } = await adminAndSchool(browser);
    const product = await createProduct(admin, 'A11y', [{ size: 'M', stock: 3 }]);
    const order = await placeOrder(school, product, 'M', 1, `A11Y${Date.now().toString(36)}`);
    const users = (await (await admin.get('/api/console/users?range=[0,0]')).json()) as {
      id: string;
    }[];
    const userId = users[0]?.id ?? '';
    const source = (await (
      await admin.post('/api/console/donation-sources', {
        data: { name: `A11y Drive ${order.orderId}`, kind: 'drive' },
      })
    ).json()) as { id: string };
    const count = (await (
      await admin.post('/api/console/stock-counts', { data: { scope: 'Footwear' } })
    ).json()) as { id: string };
    const common = [
      { name: 'dashboard', path: '/', ready: 'Orders received' },
      { name: 'orders', path: '/orders', ready: order.orderId },
      { name: 'order', path: `/orders/${order._id}`, ready: `Process Order ${order.orderId}` },
      { name: 'pick-lists', path: `/pick-lists?ids=${order._id}`, ready: order.orderId },
      {
        name: 'pick-lists-deleted',
        path: `/pick-lists?ids=${order._id},00000000-0000-4000-8000-000000000000`,
        ready: '1 of the 2 chosen orders has been deleted since it was chosen',
      },
      { name: 'how-to-use', path: '/how-to-use', ready: 'How To Use' },
      { name: 'demand', path: '/demand', ready: 'Requested: items in open orders' },
      { name: 'donations', path: '/donations', ready: { heading: 'Donations' } },
      { name: 'donation-create', path: '/donations/create', ready: { label: 'Received on' } },
      { name: 'stock-count', path: `/stock-counts/${count.id}/show`, ready: 'Count sheet' },
      { name: 'unknown-page', path: '/no-such-page', ready: 'Not Found' },
    ];
    pages = {
      admin: [
        ...common,
        { name: 'products', path: '/products', ready: { heading: 'All Products' } },
        { name: 'product-create', path: '/products/create', ready: { label: 'Images' } },
        { name: 'product-edit', path: `/products/${product.id}`, ready: { label: 'Add images' } },
        { name: 'users', path: '/users', ready: { heading: 'ALL USERS' } },
        { name: 'user-create', path: '/users/create', ready: { label: 'School Name' } },
        { name: 'user-edit', path: `/users/${userId}`, ready: { label: 'Login ID' } },
        { name: 'user-registered', path: '/users/registered', ready: 'Display All Users' },
        { name: 'reviews', path: '/reviews', ready: 'Reviews' },
        { name: 'report', path: '/report', ready: 'Orders fulfilled' },
        { name: 'sources', path: '/donation-sources', ready: { heading: 'Donation sources' } },
        { name: 'source-edit', path: `/donation-sources/${source.id}`, ready: { label: 'Kind' } },
        { name: 'stock-count-create', path: '/stock-counts/create', ready: { label: 'Note' } },
      ],
      volunteer: [
        ...common,
        { name: 'no-access', path: '/products', ready: "You don't have access to this page" },
      ],
    };
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const role of ['admin', 'volunteer'] as const) {
    for (const viewport of VIEWPORTS) {
      it(`${role} at ${viewport.width}px`, async () => {
        const { context, page }: { context: BrowserContext; page: Page } = await newPage(
          browser,
          viewport,
        );
        await apiLogin(context, role);
        const failures: string[] = [];
        for (const target of pages[role]) {
          await visit(page, target, `${role}-${viewport.width}`).catch((error: Error) => {
            failures.push(error.message);
          });
        }
        await context.close();
        expect(failures).toEqual([]);
      }, 300_000);
    }
  }

  it('shows a visible focus ring on every Tab stop and skips the hidden bulk actions', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, 'admin');
    await page.goto('/admin/#/orders');
    await page.getByRole('columnheader', { name: 'Order ID' }).waitFor();
    await page.waitForLoadState('networkidle');
    const stops: { label: string; ring: boolean; inHiddenBulkActions: boolean }[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const { document, getComputedStyle } = globalThis as unknown as ProbeGlobals;
          const element = document.activeElement;
          if (!element || element === document.body)
            return { label: 'body', ring: true, inHiddenBulkActions: false };
          // MUI draws the ring on the focus-visible element or on its ButtonBase wrapper.
          const ringed = element.closest('.Mui-focusVisible') ?? element;
          const style = getComputedStyle(ringed);
          const ring =
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
            style.boxShadow.includes('255, 212, 59') ||
            // Text fields mark focus with their own thick border.
            element.classList.contains('MuiInputBase-input');
          return {
            label: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}`,
            ring,
            inHiddenBulkActions: Boolean(element.closest('.RaBulkActionsToolbar-collapsed')),
          };
        }),
      );
    }
    await screenshot(page, 'admin-orders-focus-ring');
    await context.close();
    expect(stops.filter((stop) => stop.inHiddenBulkActions)).toEqual([]);
    expect(stops.filter((stop) => !stop.ring)).toEqual([]);
    // The walk reached the rows (it did not stop at the app bar).
    expect(stops.some((stop) => stop.label.includes('Select this row'))).toBe(true);
  });
});
