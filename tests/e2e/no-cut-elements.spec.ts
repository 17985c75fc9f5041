import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { placeOrder, recordInvoice, shipOrder } from './support/money';
import { horizontalOverflow, nextFrames } from './support/page-review';
import { callRoute, demo, idTokenInPage, signInAs } from './support/portal';

/**
 * No table hides a column or an action at 1024, 1280 or 1440 px with the sidebar open or
 * closed, and no page widens at 375 px, with the longest values the schemas allow: a 40-character invoice
 * number of the widest letters (invoiceNumberSchema), an 80-character patient (the order's patient), a
 * 40-character PO number and a lens with a claim (Lens Credit's longest row, its actions disabled with a reason),
 * a machine client's 60-character name, and a webhook endpoint's 500-character URL and 200-character description.
 * A cut element is one whose box reaches past the window or past an ancestor that clips or scrolls it.
 */

const SLOW = { timeout: 20_000 };
const ACCOUNT = demo('customer').accountNumber ?? 'BV-1001';
const LONG_INVOICE = `W${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}${'W'.repeat(31)}`;
const LONG_PATIENT = `Wilhelmina Wolfeschlegelsteinhausenbergerdorff-Montgomery ${'W'.repeat(80)}`.slice(0, 80);
const LONG_CLIENT_NAME = `Wolfeschlegelsteinhausen Lathe Control ${'W'.repeat(60)}`.slice(0, 60);
const LONG_WEBHOOK_URL = `https://erp-integration.example.com/${'hooks/lenslab-order-events/'.repeat(20)}`.slice(
  0,
  500,
);
const LONG_WEBHOOK_NOTE = `Practice management bridge for ${'W'.repeat(200)}`.slice(0, 200);
const SCLERAL = {
  lensId: 'scleral-mini',
  parameters: { baseCurve: 7.8, diameter: 15.2, sphere: -1.75, material: 'boston-xo2' },
};

const WIDE = [1440, 1280, 1024] as const;
const PHONE = 375;

type Role = 'customer' | 'admin' | 'superAdmin';
interface WebhookEndpointKey {
  endpointId: string;
  version: number;
}
const PAGES: Record<Role, string[]> = {
  customer: [
    '/customer/home',
    '/customer/payment',
    '/customer/payment?tab=statements',
    '/customer/credit',
    '/customer/consults',
  ],
  admin: [
    '/admin/home',
    '/admin/order-approval',
    '/admin/invoices',
    '/admin/statements',
    '/admin/warranty-claims',
    '/admin/consults',
  ],
  superAdmin: [
    '/admin/user-management',
    '/admin/user-management?tab=customers',
    '/admin/customer-management',
    '/admin/lens-management',
    '/admin/production-settings',
    '/admin/integrations',
    '/admin/webhooks',
    '/admin/audit',
  ],
};
/** What a page shows only after a click, opened before the page is measured. */
const OPEN: Record<string, (page: Page) => Promise<void>> = {
  '/admin/webhooks': async (page) => {
    await page.getByRole('listitem', { name: 'Lab ERP (demo)' }).getByRole('button', { name: 'Delivery log' }).click();
    await expect(page.getByRole('table', { name: 'Deliveries' })).toBeVisible(SLOW);
  },
};
const HOME: Record<Role, RegExp> = {
  customer: /\/customer\/home$/,
  admin: /\/admin\/home$/,
  superAdmin: /\/admin\/home$/,
};

async function signedIn(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, role, HOME[role]);
  return page;
}

/** The elements of the page's main area whose box is cut by the window or by an ancestor that clips it. */
function cutElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /** The little of the DOM this check reads (the tests compile without the DOM's types). */
    interface Box {
      tagName: string;
      className: string;
      textContent: string | null;
      parentElement: Box | null;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): { left: number; right: number; width: number; height: number };
    }
    type HTMLElement = Box;
    const g = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<HTMLElement> };
      innerWidth: number;
      getComputedStyle(element: HTMLElement): { overflowX: string };
    };
    const cut: string[] = [];
    const named = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    const targets = g.document.querySelectorAll(
      'main button, main a[href], main input, main select, main textarea, main th, main td, main p, main li',
    );
    /** Not laid out, or inside a visually hidden box (the 1 px clipped header of a table shown as cards). */
    const unseen = (el: HTMLElement) => {
      for (let at: HTMLElement | null = el; at && at.tagName !== 'BODY'; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
      }
      return false;
    };
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      if (unseen(el)) continue;
      if (box.left < -1 || box.right > g.innerWidth + 1) {
        cut.push(`${named(el)} reaches past the window (${Math.round(box.left)}..${Math.round(box.right)})`);
        continue;
      }
      for (let up = el.parentElement; up && up.tagName !== 'BODY'; up = up.parentElement) {
        if (g.getComputedStyle(up).overflowX === 'visible') continue;
        const room = up.getBoundingClientRect();
        if (box.left < room.left - 1 || box.right > room.right + 1) {
          cut.push(`${named(el)} is cut by its ${up.tagName.toLowerCase()}.${up.className}`);
          break;
        }
      }
    }
    return cut;
  });
}

async function setSidebar(page: Page, open: boolean): Promise<void> {
  const toggle = page.getByRole('button', { name: open ? 'Expand menu' : 'Collapse menu' });
  if (await toggle.isVisible()) await toggle.click();
  await nextFrames(page);
  // The sidebar animates its width: wait until the main area stops moving.
  let last = -1;
  await expect
    .poll(async () => {
      const left = (await page.locator('main').boundingBox())?.x ?? 0;
      const still = left === last;
      last = left;
      return still;
    })
    .toBe(true);
}

test.describe('long values: no cut column or action, no sideways scroll', () => {
  let machineClientId = '';
  let webhookEndpoint: WebhookEndpointKey | undefined;

  test.beforeAll(async ({ browser, request }) => {
    // Two sign-ins (the lab's with its authenticator code) and four API calls.
    test.setTimeout(180_000);
    // The longest values the schemas allow, placed and shipped through the API as the practice and the lab.
    const practice = await signedIn(browser, 'customer');
    const lab = await signedIn(browser, 'admin');
    const practiceToken = await idTokenInPage(practice);
    const labToken = await idTokenInPage(lab);
    const order = await placeOrder(request, practiceToken, {
      accountNumber: ACCOUNT,
      patient: LONG_PATIENT,
      eyes: ['OD', 'OS'],
      ...SCLERAL,
    });
    await shipOrder(request, labToken, order, LONG_INVOICE);
    await recordInvoice(request, labToken, {
      invoiceNumber: `${LONG_INVOICE.slice(0, 39)}X`,
      accountNumber: ACCOUNT,
      description: `Diagnostic lens set for ${LONG_PATIENT}`,
      unitCents: 9_999_999,
    });
    const claim = await callRoute(request, 'submitWarrantyClaim', practiceToken, {
      claimId: randomUUID(),
      accountNumber: ACCOUNT,
      orderId: order.orderId,
      eye: 'OD',
      kind: 'defect',
      note: 'Chipped edge at the 3 o’clock position, seen at dispensing.',
    });
    expect(claim.status(), await claim.text()).toBe(200);
    const superAdmin = await signedIn(browser, 'superAdmin');
    const superToken = await idTokenInPage(superAdmin);
    const client = await callRoute(request, 'createMachineClient', superToken, {
      name: LONG_CLIENT_NAME,
      scopes: ['orders.read', 'orders.write-status', 'invoices.write'],
    });
    expect(client.status(), await client.text()).toBe(200);
    machineClientId = ((await client.json()) as { result: { clientId: string } }).result.clientId;
    const endpoint = await callRoute(request, 'createWebhookEndpoint', superToken, {
      url: LONG_WEBHOOK_URL,
      description: LONG_WEBHOOK_NOTE,
      events: ['order.approved', 'order.shipped', 'invoice.issued', 'payment.received'],
    });
    expect(endpoint.status(), await endpoint.text()).toBe(200);
    webhookEndpoint = ((await endpoint.json()) as { result: { endpoint: WebhookEndpointKey } }).result.endpoint;
    await practice.context().close();
    await lab.context().close();
    await superAdmin.context().close();
  });

  // The client and endpoint would otherwise stay in the demo's lists (and the endpoint retry its deliveries).
  test.afterAll(async ({ browser, request }) => {
    const superAdmin = await signedIn(browser, 'superAdmin');
    const superToken = await idTokenInPage(superAdmin);
    if (machineClientId) await callRoute(request, 'deleteMachineClient', superToken, { clientId: machineClientId });
    if (webhookEndpoint)
      await callRoute(request, 'deleteWebhookEndpoint', superToken, {
        endpointId: webhookEndpoint.endpointId,
        version: webhookEndpoint.version,
      });
    await superAdmin.context().close();
  });

  for (const role of Object.keys(PAGES) as Role[]) {
    test(`every ${role} page with tables keeps every column and action in view at 1024 to 1440 px (sidebar open or closed) and fits 375 px`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const page = await signedIn(browser, role);
      const problems: string[] = [];
      for (const path of PAGES[role]) {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(SLOW);
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, SLOW);
        await OPEN[path]?.(page);
        for (const open of [true, false]) {
          await setSidebar(page, open);
          for (const width of WIDE) {
            await page.setViewportSize({ width, height: 900 });
            await nextFrames(page);
            for (const cut of await cutElements(page))
              problems.push(`${path} at ${width} px, sidebar ${open ? 'open' : 'closed'}: ${cut}`);
          }
        }
        await page.setViewportSize({ width: PHONE, height: 812 });
        await nextFrames(page);
        const sideways = await horizontalOverflow(page);
        if (sideways > 0) problems.push(`${path} at ${PHONE} px scrolls ${sideways} px sideways`);
        for (const cut of await cutElements(page)) problems.push(`${path} at ${PHONE} px: ${cut}`);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
