/**
 * What the money journeys (tests/e2e/money.spec.ts) share: orders placed and shipped through the API
 * as set-up (the order form and the approval queue have their own journeys) and amounts read off the page.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_CUSTOMERS } from '../../../local/seed/demo-data';
import { callRoute } from './portal';

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

export interface PlacedOrder {
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
      noTracking: true,
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
