/**
 * Small page helpers for the store journeys: log in from the dropdown, accept the /home notice,
 * find products with the stock a journey needs (read from the real API, never assumed).
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { DEMO_CODE, stackUrl } from '../harness.js';

export interface GroupSize {
  _id: string;
  size: string;
  stock: number;
  productId: string;
}
export interface ProductGroup {
  name: string;
  category: string;
  subCategories: { SubCategory: string; productId: string; sizes: GroupSize[] }[];
}

export async function loginFromDropdown(
  page: Page,
  schoolName: string,
  code = DEMO_CODE,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('School', { exact: true }).selectOption({ label: schoolName });
  await page.getByLabel('School code').fill(code);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in on the store's manual login page (login id and code) and waits for /home. */
export async function loginManually(page: Page, loginId: string, code: string): Promise<void> {
  await page.goto('/loginmanual');
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/home');
}

/** The 'IMPORTANT: PLEASE READ' notice shows on the first /home visit of a browser session. */
export async function acceptNotice(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'IMPORTANT: PLEASE READ' }).waitFor();
  await page.getByRole('button', { name: 'I have read this' }).click();
  await page
    .getByRole('heading', { name: 'IMPORTANT: PLEASE READ' })
    .waitFor({ state: 'detached' });
}

/** Every visible group of the store, page by page. */
export async function allGroups(request: APIRequestContext): Promise<ProductGroup[]> {
  const groups: ProductGroup[] = [];
  for (let page = 1; page <= 50; page++) {
    const response = await request.get(
      `${stackUrl()}/api/v1/products/grouped?keyword=&page=${page}`,
    );
    if (!response.ok())
      throw new Error(`grouped listing failed: ${response.status()} ${await response.text()}`);
    const body = (await response.json()) as {
      groups: ProductGroup[];
      filteredGroupsCount: number;
      resultPerPage: number;
    };
    groups.push(...body.groups);
    if (page * body.resultPerPage >= body.filteredGroupsCount || body.groups.length === 0) break;
  }
  return groups;
}

/** A group whose first SubCategory has one size with more than 5 in stock and another in stock. */
export function findTwoSizeGroup(groups: readonly ProductGroup[]) {
  for (const group of groups) {
    for (const [subIndex, sub] of group.subCategories.entries()) {
      const big = sub.sizes.find((s) => s.stock > 5);
      const other = sub.sizes.find((s) => s !== big && s.stock >= 1);
      if (big && other) return { group, subIndex, sub, big, other };
    }
  }
  throw new Error('demo data has no product with a size above 5 and a second size in stock');
}

export function findOutOfStockSize(groups: readonly ProductGroup[]) {
  for (const group of groups) {
    for (const [subIndex, sub] of group.subCategories.entries()) {
      const empty = sub.sizes.find((s) => s.stock === 0);
      if (empty) return { group, subIndex, sub, empty };
    }
  }
  throw new Error('demo data has no size at stock 0');
}

/** The card of a product on /home after searching for it. */
export async function openCard(page: Page, group: ProductGroup, subIndex: number) {
  await page.getByLabel('Search products').fill(group.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.locator('article.product-card', {
    has: page.getByRole('heading', { name: group.name, exact: true }),
  });
  await card.waitFor();
  if (group.subCategories.length > 1)
    await card.getByLabel('Sizing').selectOption(String(subIndex));
  return card;
}

/** The focused element as a person would name it: `button "Add to Cart"`, `h1 "My Cart"`. */
export async function focused(page: Page): Promise<string> {
  // A string, not a function: this package is type-checked without the DOM library.
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const labelled = el.getAttribute('aria-labelledby');
    const label =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      el.labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return el.tagName.toLowerCase() + ' "' + label.replace(/\\s+/g, ' ').trim() + '"';
  })()`);
}

/**
 * Presses `key` (Tab or Shift+Tab) until the focused element matches `wanted`; returns how many
 * presses it took, so a journey can also say how long the keyboard path is.
 */
export async function pressUntil(
  page: Page,
  key: 'Tab' | 'Shift+Tab',
  wanted: RegExp,
  max = 60,
): Promise<number> {
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (wanted.test(now)) return presses;
    seen.push(now);
  }
  throw new Error(`${key} never reached ${String(wanted)}; went through:\n${seen.join('\n')}`);
}
