/**
 * Journeys of who saw what and need to know: a volunteer opens an order (logged), sees no teacher
 * phone or e-mail until they read why and ask (logged), and has no Access log; an admin finds both
 * reads in the Access log, filtered by the order, and sees the school's consent on the order page.
 * The store's Privacy Policy states the server's periods and contact. Each screen is looked at
 * at 1280 and 390 px with no serious axe finding.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../axe.js';
import { apiLogin, launchBrowser, newPage, screenshot } from '../harness.js';
import { SCHOOL_LOGIN_ID, consoleLogin, createProduct } from './console-helpers.js';

const PHONE = '555-0177';
const EMAIL = 'need.to.know@willowcreek.example';
const NARROW = { width: 390, height: 844 };

/** Looks at the page as it is now at 1280 px and at 390 px: a screenshot and axe at each. */
async function lookAtBothWidths(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, `${name} at 1280 px`);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await expectNoSeriousAxeViolations(page, `${name} at 390 px`);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('console: who saw what', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("logs a volunteer's reads, withholds the teacher's contact until asked, and shows both reads to an admin", async () => {
    const setup = await newPage(browser);
    await apiLogin(setup.context, 'admin');
    const product = await createProduct(setup.context.request, 'Gloves', [{ size: 'S', stock: 5 }]);
    const schoolSide = await newPage(browser);
    await apiLogin(schoolSide.context, SCHOOL_LOGIN_ID);
    const placed = await schoolSide.context.request.post('/api/v1/order/new', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        shippingInfo: {
          receivingPersonName: `NTK${Date.now().toString(36)}_8_Female`,
          userLoggedInDesignation: 'Ms Need',
          phoneNo: PHONE,
          Email: EMAIL,
          additionalComments: '',
        },
        orderItems: [{ product: product.id, ProductSize: 'S', quantity: 1, price: 0 }],
        sharingConsent: true,
      },
    });
    expect(placed.status()).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string; orderId: string } };

    // The volunteer opens the order: student details, no phone or e-mail, a button that says why.
    const volunteer = await newPage(browser);
    const page = volunteer.page;
    await consoleLogin(page, 'volunteer');
    await page.getByRole('menu').getByText('All Orders').waitFor();
    await expect(page.getByRole('menu').getByText('Access log').count()).resolves.toBe(0);
    await page.goto(`/admin/#/orders/${order._id}`);
    await page.getByText(`Process Order ${order.orderId}`).first().waitFor();
    await page.getByRole('button', { name: 'Show contact details' }).waitFor();
    const before = await page.locator('main').innerText();
    expect(before).not.toContain(PHONE);
    expect(before).not.toContain(EMAIL);
    await lookAtBothWidths(page, 'volunteer-order-contact-withheld');

    await page.getByRole('button', { name: 'Show contact details' }).click();
    const dialog = page.getByRole('dialog', { name: "Show the teacher's phone and e-mail?" });
    await dialog.getByText(/recorded in the access log/).waitFor();
    await lookAtBothWidths(page, 'volunteer-contact-notice');
    await dialog.getByRole('button', { name: 'Show contact details' }).click();
    await page.getByText(`Phone: ${PHONE}`).waitFor();
    await page.getByText(`Email: ${EMAIL}`).waitFor();

    // The log is the admins' alone: the API refuses a volunteer, the console has no page for them.
    const refused = await volunteer.context.request.get('/api/console/access-log');
    expect(refused.status()).toBe(403);

    // The admin finds both reads, with who and what, filtered by the order number.
    const adminSide = await newPage(browser);
    const adminPage = adminSide.page;
    await consoleLogin(adminPage, 'admin');
    await adminPage.getByRole('menu').getByText('Access log').click();
    await adminPage.waitForURL('**/admin/#/access-log**');
    await adminPage.getByLabel('Order ID').fill(order.orderId);
    // The filter applies after typing stops. Journeys running beside this one on the same stack
    // may list this order too (an admin's order list is a read of it), so the volunteer's two
    // reads are looked for among the rows rather than counted as all of them.
    await adminPage.waitForURL(/filter=.*order/);
    const rows = adminPage.locator('tbody tr');
    const volunteerRead = (action: string) =>
      rows.filter({ hasText: action }).filter({ hasText: 'volunteer' }).filter({
        hasText: order.orderId,
      });
    await volunteerRead('Contact details').waitFor();
    await volunteerRead('Opened an order').waitFor();
    expect(await adminPage.locator('tbody').innerText()).not.toContain(PHONE);
    await lookAtBothWidths(adminPage, 'admin-access-log');

    const csv = await adminSide.context.request.get(
      `/api/console/access-log.csv?filter=${encodeURIComponent(JSON.stringify({ order: order.orderId }))}`,
    );
    expect(csv.status()).toBe(200);
    const byVolunteer = (await csv.text())
      .trim()
      .split('\r\n')
      .map((line) => line.split(','))
      // Person (login id), then Action.
      .filter((fields) => fields[1] === 'volunteer');
    expect(byVolunteer.map((fields) => fields[4]).sort()).toEqual([
      'contact-details',
      'order-detail',
    ]);

    // The admin sees everything on the order page, the school's consent included.
    await adminPage.goto(`/admin/#/orders/${order._id}`);
    await adminPage.getByText(`Process Order ${order.orderId}`).first().waitFor();
    await adminPage.getByText(/^Given at checkout/).waitFor();
    await adminPage.getByText(PHONE).waitFor();
    await lookAtBothWidths(adminPage, 'admin-order-consent');

    for (const side of [setup, schoolSide, volunteer, adminSide]) await side.context.close();
  });

  it('states on the Privacy Policy how long details are kept, who sees them and whom to ask', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/privacypolicy');
    await page.getByRole('heading', { name: 'Who can see it' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toMatch(
      /are erased 30 days after a request is delivered; a request that is deleted is removed at once/,
    );
    expect(text).toMatch(/kept for 365 days/);
    expect(text).toMatch(/only when they open them/);
    const contact = page.getByRole('link', { name: 'orders@lockerroom.local' });
    expect(await contact.getAttribute('href')).toBe('mailto:orders@lockerroom.local');
    await lookAtBothWidths(page, 'store-privacy-policy');
    await context.close();
  });
});
