/**
 * Journey: the places where a school used to stumble, walked in a real browser on a desktop and a
 * phone-sized screen. Quantity boxes keep what is typed and explain a wrong number; a size out of
 * stock is requested, not added; dialogs hold and return focus; the account pages are in the
 * navigation; a wrong current code is said in plain words; the request form fits a phone; the
 * Donate page shows where to give. axe-core checks each screen, and each leaves a screenshot.
 */
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { allGroups, focused, pressUntil, type ProductGroup } from './store-pages.js';

const LOGIN_ID = 'sunnyside';
const PHONE = { width: 390, height: 844 };

/** A product with one size out of stock and another with more than 5. */
function mixedSizes(groups: readonly ProductGroup[]) {
  for (const group of groups)
    for (const sub of group.subCategories) {
      const empty = sub.sizes.find((s) => s.stock === 0);
      const big = sub.sizes.find((s) => s.stock > 5);
      if (empty && big && empty.productId === big.productId) return { group, sub, empty, big };
    }
  throw new Error('demo data has no product with an empty size beside a size above 5');
}

async function dialogHoldsFocus(page: Page, name: string) {
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      `document.activeElement?.closest('dialog')?.textContent?.includes(${JSON.stringify(name)}) ?? false`,
    );
    expect({ press: i, inside }).toEqual({ press: i, inside: true });
  }
}

describe('store: where schools used to stumble', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the /home notice takes focus and keeps it until it is read', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await apiLogin(context, LOGIN_ID);
    await page.goto('/home');
    const notice = page.getByRole('dialog', { name: 'IMPORTANT: PLEASE READ' });
    await notice.waitFor();
    expect(await focused(page)).toBe('button "I have read this"');
    await dialogHoldsFocus(page, 'IMPORTANT: PLEASE READ');
    await expectNoSeriousAxeViolations(page, '/home with the notice');
    await screenshot(page, 'store-phone-notice');
    await page.keyboard.press('Escape');
    expect(await notice.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });

  it('product page: quantity typed freely, a wrong number explained, an empty size requested', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, LOGIN_ID);
    const mixed = mixedSizes(await allGroups(context.request));
    await page.goto(`/product/${mixed.big.productId}`);
    await page.getByRole('heading', { name: mixed.group.name, level: 1 }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('$');

    await page.getByLabel('Size').selectOption(mixed.big._id);
    const box = page.getByLabel('Quantity', { exact: true });
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await box.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('3');
    expect(await box.inputValue()).toBe('3');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('13');
    expect(await box.inputValue()).toBe('13');
    await page.getByText('At most 5 of one item per student.').waitFor();
    expect(await add.isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, '/product with a wrong quantity');
    await screenshot(page, 'store-product-quantity-problem');
    await box.fill('4');
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    await page.getByText('Item Added To Cart').first().waitFor();

    // The empty size: no Add to Cart, but Request products for that size.
    await page.getByLabel('Size').selectOption(mixed.empty._id);
    await page.getByText('Out of stock', { exact: true }).waitFor();
    expect(await add.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Request products' }).click();
    await page.waitForURL('**/requestform?*');
    const url = new URL(page.url());
    expect(url.searchParams.get('size')).toBe(mixed.empty.size);
    expect(url.searchParams.get('item')).toBe(mixed.group.name);

    // The cart: clear the quantity, type another, nothing is changed behind the school's back.
    await page.goto('/cart');
    const line = page.getByLabel(`Quantity of ${mixed.group.name}`, { exact: false });
    await line.waitFor();
    await line.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('2');
    expect(await line.inputValue()).toBe('2');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('9');
    await page.getByText('At most 5 of one item per student.').waitFor();
    expect(await page.getByRole('button', { name: 'Check Out' }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, '/cart with a wrong quantity');
    await screenshot(page, 'store-cart-quantity-problem');
    const stored = (await page.evaluate('window.localStorage.getItem("cartItems")')) as string;
    expect((JSON.parse(stored) as { quantity: number }[])[0]?.quantity).toBe(2);
    await context.close();
  });

  it('the review dialog takes focus, holds it and gives it back to Submit Review', async () => {
    const { context, page } = await newPage(browser);
    await apiLogin(context, LOGIN_ID);
    const [group] = await allGroups(context.request);
    await page.goto(`/product/${group?.subCategories[0]?.productId}`);
    await page.getByRole('button', { name: 'Submit Review' }).waitFor();
    await pressUntil(page, 'Tab', /^button "Submit Review"$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Submit Review' }).waitFor();
    expect(await focused(page)).toBe('select "Rating"');
    await dialogHoldsFocus(page, 'Submit Review');
    await expectNoSeriousAxeViolations(page, 'the review dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('button "Submit Review"');
    await context.close();
  });

  it('reaches the account pages from the menu; a wrong current code is said plainly and stays', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await apiLogin(context, LOGIN_ID);
    await context.addInitScript({
      content: "window.sessionStorage.setItem('importantNoticeAccepted', 'yes')",
    });
    await page.goto('/orders');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByText('My Account').click();
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await expectNoSeriousAxeViolations(page, '/account');

    await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByText('My Account').click();
    await nav.getByRole('link', { name: 'Change code' }).click();
    await page.waitForURL('**/password/update');
    await page.getByLabel('Current code').fill('not-the-code');
    // The server's own rule, checked before sending and said after the field's label.
    await page.getByLabel('New code', { exact: true }).fill('abc');
    await page.getByLabel('New code again').fill('abc');
    await page.getByRole('button', { name: 'Change code' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'New code must be at least 6 characters' })
      .waitFor();
    await screenshot(page, 'store-phone-change-code-too-short');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'store-desktop-change-code-too-short');
    await page.setViewportSize(PHONE);
    await page.getByLabel('New code', { exact: true }).fill('newcode345');
    await page.getByLabel('New code again').fill('newcode345');
    await page.getByRole('button', { name: 'Change code' }).click();
    const problem = page.getByText('The current code is not right. Please check it and try again.');
    await problem.waitFor();
    await page.waitForTimeout(1500);
    expect(await problem.isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page, '/password/update with its error');
    await screenshot(page, 'store-phone-change-password-error');
    await context.close();
  });

  it('forgot password asks for the login ID or email; the request form fits a phone; Donate says where to give', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/password/forgot');
    await page.getByLabel('Login ID or email').waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please type your login ID or email.').waitFor();
    await expectNoSeriousAxeViolations(page, '/password/forgot with its error');

    await page.goto('/requestform?item=Hoodie&size=M');
    await page.getByRole('button', { name: 'Remove row 1' }).waitFor();
    await page.getByRole('button', { name: 'Add row' }).click();
    const remove = await page.getByRole('button', { name: 'Remove row 2' }).boundingBox();
    expect(remove && remove.x + remove.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(PHONE.width);
    await expectNoSeriousAxeViolations(page, '/requestform on a phone');
    await screenshot(page, 'store-phone-requestform');

    await page.goto('/donate');
    await page.getByRole('heading', { name: 'Donate', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Donate' }).count()).toBe(1);
    await page.getByText('PO Box 345').waitFor();
    expect(await page.getByRole('link', { name: /giving page/ }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    await expectNoSeriousAxeViolations(page, '/donate');
    await context.close();
  });
});
