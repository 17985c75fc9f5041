/**
 * What the money journeys (tests/e2e/money.spec.ts, issue 9) share: orders placed and shipped through the API
 * as set-up (the order form and the approval queue have their own journeys), amounts read off the page, the
 * axe check and the screenshots a person looks at.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_CUSTOMERS } from '../../../local/seed/demo-data';
import { callRoute } from './portal';

/** Where the review screenshots go (git-ignored with the rest of test-results/). */
export const SCREENSHOT_DIR = join('test-results', 'screenshots');

/**
 * A screenshot for a person to look at (always taken: the money pages are reviewed by eye). The whole page from
 * its top (a page scrolled first would show the sticky header halfway down), or with `fullPage: false` what
 * the window shows, for a dialog over the page.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (fullPage)
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  // Transitions finish first: a page just resized would otherwise show its sidebar halfway to its new width.
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/** "$1,234.56" (or "-$12.00") as cents. */
export function centsOf(text: string): number {
  const match = /(-?)\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in "${text}"`);
  const cents = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/** Cents as the portal prints them: "$1,234.56". */
export const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${Math.floor(Math.abs(cents) / 100).toLocaleString('en-US')}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A call the set-up needs to succeed; fails with the route's answer otherwise. */
async function expectResult<T>(answer: Awaited<ReturnType<typeof callRoute>>, what: string): Promise<T> {
  const body = (await answer.json()) as { result?: T; error?: unknown };
  expect(answer.status(), `${what}: ${JSON.stringify(body.error ?? body)}`).toBe(200);
  return body.result as T;
}

interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  version: number;
}

export interface OrderToPlace {
  accountNumber: string;
  patient: string;
  lensId: string;
  /** The same parameters for each eye given. */
  parameters: Record<string, number | string>;
  eyes: ('OD' | 'OS')[];
}

/** Submits an order as the practice (submitOrder, as the order form does) and returns its number. */
export async function placeOrder(
  request: APIRequestContext,
  customerToken: string,
  order: OrderToPlace,
): Promise<PlacedOrder> {
  const customer = DEMO_CUSTOMERS.find((c) => c.accountNumber === order.accountNumber);
  if (!customer?.shippingAddress) throw new Error(`No demo practice ${order.accountNumber}`);
  const orderId = randomUUID();
  const placed = await expectResult<PlacedOrder>(
    await callRoute(request, 'submitOrder', customerToken, {
      orderId,
      accountNumber: order.accountNumber,
      order: {
        patient: order.patient,
        lines: order.eyes.map((eye) => ({ eye, lensId: order.lensId, parameters: order.parameters, quantity: 1 })),
        shipping: { method: 'standard', shipTo: 'office', address: { ...customer.shippingAddress } },
      },
    }),
    'submitOrder',
  );
  return { orderId, orderNumber: placed.orderNumber, version: placed.version };
}

/** Approves and closes an order as the lab (approveOrder, closeOrder), which issues its invoice. */
export async function shipOrder(
  request: APIRequestContext,
  adminToken: string,
  order: PlacedOrder,
  invoiceNumber: string,
): Promise<void> {
  const approved = await expectResult<PlacedOrder>(
    await callRoute(request, 'approveOrder', adminToken, { orderId: order.orderId, version: order.version }),
    'approveOrder',
  );
  await expectResult(
    await callRoute(request, 'closeOrder', adminToken, {
      orderId: order.orderId,
      version: approved.version,
      invoiceNumber,
    }),
    'closeOrder',
  );
}

/** Records an invoice by hand as the lab (createInvoice), for a journey that needs one of its own. */
export async function recordInvoice(
  request: APIRequestContext,
  adminToken: string,
  invoice: { invoiceNumber: string; accountNumber: string; description: string; unitCents: number },
): Promise<void> {
  await expectResult(
    await callRoute(request, 'createInvoice', adminToken, {
      invoiceNumber: invoice.invoiceNumber,
      accountNumber: invoice.accountNumber,
      lines: [{ description: invoice.description, quantity: 1, unitCents: invoice.unitCents }],
    }),
    'createInvoice',
  );
}

/**
 * axe-core's WCAG 2.x A and AA rules on the page as it is; the serious and critical findings, each with the
 * elements it names (so a failure says what to fix).
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
