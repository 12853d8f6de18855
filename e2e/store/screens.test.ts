/**
 * Every store screen against the real stack, for a guest and for a school, on a desktop and a
 * phone-sized screen: each shows its heading without a script error, fits the screen's width,
 * has no serious or critical WCAG 2.2 AA problem that axe-core finds, and leaves a screenshot
 * under e2e/screenshots/ for a person to look at.
 */
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { allGroups } from './store-pages.js';

const GUEST_SCREENS: [string, string, string][] = [
  ['about', '/about', 'About Us'],
  ['login', '/login', 'School Login'],
  ['loginmanual', '/loginmanual', 'Login'],
  ['contact', '/contact', 'Contact Us'],
  ['terms', '/termsofuse', 'Terms of Use'],
  ['privacy', '/privacypolicy', 'Privacy Policy'],
  ['helpuse', '/helpuse', 'How To Use'],
  ['donate', '/donate', 'Donate'],
  ['requestform', '/requestform', 'Request Form'],
  ['replica', '/replica', 'Locker Room 345: Student Clothing and Footwear Request'],
  ['forgot', '/password/forgot', 'Forgot your code?'],
  ['reset', '/password/reset/not-a-real-token', 'Choose a new code'],
  ['search', '/search', 'Search Products'],
  ['products', '/products', 'Products'],
  ['cart-empty', '/cart', 'No Product in Your Cart'],
];

const SCHOOL_SCREENS: [string, string, string][] = [
  ['home', '/home', 'Clothing and footwear for every student'],
  ['orders', '/orders', 'My Orders'],
  ['account', '/account', 'My Profile'],
  ['me-update', '/me/update', 'Update Profile'],
  ['password-update', '/password/update', 'Change code'],
  ['shipping', '/shipping', 'Delivery Details'],
];

async function visit(page: Page, name: string, path: string, heading: string, errors: string[]) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  expect(errors).toEqual([]);
  await expectNoSeriousAxeViolations(page, `${path} (${name})`);
  // Nothing may push the page wider than the screen (a phone would scroll sideways).
  const width = await page.evaluate('document.documentElement.scrollWidth');
  expect({ name, width }).toEqual({ name, width: page.viewportSize()?.width });
}

describe('store: every screen renders', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`guest screens (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const [name, path, heading] of GUEST_SCREENS) {
        await visit(page, `store-${label}-guest-${name}`, path, heading, errors);
      }
      await context.close();
    });

    it(`school screens (${label})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await apiLogin(context, 'maplegrove');
      await context.addInitScript({
        content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const [name, path, heading] of SCHOOL_SCREENS) {
        await visit(page, `store-${label}-school-${name}`, path, heading, errors);
      }
      const [group] = await allGroups(context.request);
      if (!group) throw new Error('no products in the demo data');
      await visit(
        page,
        `store-${label}-school-product`,
        `/product/${group.subCategories[0]?.productId}`,
        group.name,
        errors,
      );

      const mine = (await (await context.request.get('/api/v1/orders/me')).json()) as {
        orders: { _id: string; orderId: string }[];
      };
      const order = mine.orders[0];
      if (order)
        await visit(
          page,
          `store-${label}-school-order`,
          `/order/${order._id}`,
          `Order ${order.orderId}`,
          errors,
        );
      await context.close();
    });
  }
});
