import { expect, test } from '@playwright/test';
import { addBusinessDays, localDay } from '../../core/rules/ship-date';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../core/schemas/production-settings';
import { placeOrder, type PlacedOrder } from './support/money';
import { seriousA11yViolations } from './support/page-review';
import { SLOW, callRoute, demo, idTokenInPage, sidebar, signInAs, signedInPage } from './support/portal';

/**
 * After approval, as the lab and the practice meet it: the lab moves orders between stages in bulk from its
 * queue and records a delay with a reason; the practice reads the stage and the reason on its order. (Shipping
 * with parcels and following them: orders.spec.ts (c).)
 */

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`.toUpperCase();
const GP_LENS = {
  lensId: 'gp-precision',
  parameters: { baseCurve: 7.8, diameter: 9.6, sphere: -3.25, material: 'boston-xo', colour: 'blue' },
};

test('the lab moves two orders to the next stage at once and records a delay; the practice reads the stage and the reason', async ({
  page,
  browser,
  request,
}) => {
  const run = unique();
  await signInAs(page, 'customer', /\/customer\/home$/);
  const customerToken = await idTokenInPage(page);
  const account = demo('customer').accountNumber ?? 'BV-1001';
  const orders: (PlacedOrder & { patient: string })[] = [];
  for (const name of ['Ada', 'Ben']) {
    const patient = `${name} Stage ${run}`;
    orders.push({
      ...(await placeOrder(request, customerToken, { accountNumber: account, patient, eyes: ['OD'], ...GP_LENS })),
      patient,
    });
  }

  const lab = await signedInPage(browser, 'admin');
  const labToken = await idTokenInPage(lab);
  for (const order of orders) {
    const approved = await callRoute(request, 'approveOrder', labToken, {
      orderId: order.orderId,
      version: order.version,
    });
    expect(approved.ok(), 'approveOrder').toBe(true);
  }

  // The queue's production tab: both orders at Approved, chosen together, moved to the next stage in one go.
  await sidebar(lab).getByRole('link', { name: 'Order Approval' }).click();
  await lab.getByRole('tab', { name: /In production/ }).click();
  await lab.getByLabel('Search').fill(run);
  const table = lab.getByRole('table');
  for (const order of orders)
    await expect(table.getByRole('link', { name: `Open order ${order.orderNumber} for ${order.patient}` })).toBeVisible(
      SLOW,
    );
  // The search is applied once typing pauses, and a new filter clears the selection: choose after it applied.
  await expect(lab).toHaveURL(new RegExp(`[?&]q=${run}`));
  await expect(async () => {
    await lab.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(lab.getByText('2 orders selected')).toBeVisible({ timeout: 1_000 });
  }).toPass(SLOW);
  await lab.getByRole('button', { name: 'Move to next stage' }).click();
  await expect(lab.getByText('2 moved')).toBeVisible(SLOW);
  for (const order of orders)
    await expect(table.getByRole('row', { name: new RegExp(order.orderNumber) })).toContainText('Lathing');
  expect(await seriousA11yViolations(lab), 'axe on the production queue').toEqual([]);

  // A delay on one of them: a new ship-by day and the reason the practice reads.
  const [delayed] = orders;
  const calendar = DEFAULT_PRODUCTION_SETTINGS.calendar;
  const newShipBy = addBusinessDays(localDay(new Date(), calendar.timeZone), 6, calendar);
  const reason = 'Remade in the lab after a chip at polishing.';
  await table.getByRole('link', { name: `Open order ${delayed!.orderNumber} for ${delayed!.patient}` }).click();
  await lab.getByRole('button', { name: 'Record delay…' }).click();
  const dialog = lab.getByRole('dialog', { name: `Record a delay for order ${delayed!.orderNumber}` });
  await dialog.getByLabel('New ship-by date').fill(newShipBy);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Record delay' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(lab.getByRole('list', { name: 'Delays' })).toContainText(reason);
  await lab.context().close();

  // The practice's order page: the stage it is at, and the delay with its reason and new day.
  // A fresh load: the practice's page was open while the orders were placed and moved outside it.
  await page.goto(`/customer/orders/${delayed!.orderId}`);
  await expect(page.getByRole('heading', { name: `Order ${delayed!.orderNumber}` })).toBeVisible(SLOW);
  await expect(page.getByRole('list', { name: 'Delays' })).toContainText(reason);
});
