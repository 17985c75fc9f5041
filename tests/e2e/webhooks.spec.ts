import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { placeOrder } from './support/money';
import { SLOW, demo, idTokenInPage, sidebar, signInAs, signedInPage } from './support/portal';

/**
 * Outgoing webhooks as the super admin meets them (docs/decisions/0105-outgoing-webhooks.md): an endpoint is
 * registered on the Webhooks page (its secret shown once), a practice's order reaches it, the receiver refuses it
 * and the log says so; once the receiver is back, "Redeliver" sends it again and the log shows it delivered.
 */
test('the super admin registers a webhook and redelivers a failed one', async ({ page, browser, request }) => {
  let answer = 500;
  const bodies: string[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/erp-${Date.now().toString(36)}`;

  try {
    await signInAs(page, 'superAdmin');
    await sidebar(page).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Register an endpoint' });
    await form.getByLabel(/^URL/).fill(url);
    await form.getByLabel('Description').fill('ERP journey');
    await form.getByLabel('Order submitted').check();
    await form.getByRole('button', { name: 'Register endpoint' }).click();
    await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // A practice places an order: the event reaches the receiver, which refuses it.
    const customer = await signedInPage(browser, 'customer');
    const account = demo('customer').accountNumber ?? 'BV-1001';
    const placed = await placeOrder(request, await idTokenInPage(customer), {
      accountNumber: account,
      patient: 'Webhook Journey',
      eyes: ['OD'],
      lensId: 'gp-precision',
      parameters: { baseCurve: 7.8, diameter: 9.6, sphere: -3.25, material: 'boston-xo', colour: 'blue' },
    });
    // Two tries arrived: the first is settled in the log (the local beat retries after a second).
    await expect.poll(() => bodies.filter((b) => b.includes(placed.orderId)).length, SLOW).toBeGreaterThanOrEqual(2);

    const card = page.getByRole('listitem', { name: 'ERP journey' });
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const row = page.getByRole('table', { name: 'Deliveries' }).getByRole('row').nth(1);
    await expect(row).toContainText('HTTP 500', SLOW);

    // The receiver is back: one click sends the same event again.
    answer = 200;
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Delivered: the endpoint acknowledged it.')).toBeVisible(SLOW);
    await expect(row).toContainText('Delivered');
    const ids = bodies.filter((b) => b.includes(placed.orderId)).map((b) => (JSON.parse(b) as { id: string }).id);
    expect(new Set(ids).size).toBe(1);

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
