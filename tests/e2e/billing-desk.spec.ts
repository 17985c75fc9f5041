import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dollars, recordInvoice } from './support/money';
import { seriousA11yViolations } from './support/page-review';
import { callRoute, demo, idTokenInPage, sidebar, signInAs, signedInPage, SLOW } from './support/portal';

/**
 * The billing desk (docs/decisions/0108-refunds-disputes-and-applied-credit.md): the order desk admin, who holds
 * the billing permission, refunds part of a practice's card payment from the lab's invoice page, and the page
 * shows the invoice owed that amount again with the refund listed. The payment is made through the API and the
 * fake gateway as set-up (Pay Online has its own journeys).
 */
test.describe.configure({ timeout: 120_000 });

const ACCOUNT = demo('customer').accountNumber ?? 'BV-1001';
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`.toUpperCase();

test('the billing desk refunds part of a card payment; the invoice shows it reopened by that amount', async ({
  page,
  browser,
  request,
}) => {
  const invoiceNumber = `INV-${unique()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'admin', /\/admin\/home$/);
  await recordInvoice(request, await idTokenInPage(page), {
    invoiceNumber,
    accountNumber: ACCOUNT,
    description: 'Scleral lens, remake',
    unitCents: 48_000,
  });

  // The practice pays the whole invoice by card (the checkout's calls, and the card given to the fake gateway).
  const practice = await signedInPage(browser, 'customer');
  const customerToken = await idTokenInPage(practice);
  await practice.context().close();
  const paymentId = randomUUID();
  const started = await callRoute(request, 'startPayment', customerToken, {
    paymentId,
    accountNumber: ACCOUNT,
    allocations: [{ invoiceNumber, amountCents: 48_000 }],
  });
  expect(started.status()).toBe(200);
  const { clientSecret } = ((await started.json()) as { result: { checkout: { clientSecret: string } } }).result
    .checkout;
  const card = await request.post('/fake-gateway/confirm', {
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
  });
  expect(card.status()).toBe(200);
  const confirmed = await callRoute(request, 'confirmPayment', customerToken, { paymentId });
  expect(((await confirmed.json()) as { result: { status: string } }).result.status).toBe('succeeded');

  // The billing desk finds the invoice, paid, and refunds $120.50 of it.
  await sidebar(page).getByRole('link', { name: 'Invoices' }).click();
  await page.getByLabel('Invoice number').fill(invoiceNumber);
  await page.getByRole('button', { name: `Open invoice ${invoiceNumber}` }).click(SLOW);
  await expect(page.getByRole('heading', { name: `Invoice ${invoiceNumber}` })).toBeVisible(SLOW);
  await expect(page.getByLabel('Totals')).toContainText(`Balance${dollars(0)}`);
  await page.getByRole('group', { name: 'Invoice actions' }).getByRole('button', { name: 'Refund…' }).click();

  const dialog = page.getByRole('dialog', { name: `Refund a card payment on ${invoiceNumber}` });
  await expect(dialog.getByLabel('Refund ($)')).toHaveValue('480.00');
  await dialog.getByLabel('Refund ($)').fill('120.50');
  await dialog.getByLabel('Reason').fill('One lens returned unopened.');
  expect(await seriousA11yViolations(page), 'axe on the refund dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden(SLOW);

  // Reopened by exactly the refund: partially paid, $120.50 owed, the refund listed with its receipt number.
  await expect(page.getByLabel('Totals')).toContainText(`Paid${dollars(35_950)}`, SLOW);
  await expect(page.getByLabel('Totals')).toContainText(`Balance${dollars(12_050)}`);
  await expect(page.locator('dd').filter({ hasText: 'Partially paid' })).toBeVisible();
  const refunds = page.getByRole('table', { name: `Card refunds on invoice ${invoiceNumber}: owed again` });
  await expect(refunds.getByRole('row').filter({ hasText: dollars(12_050) })).toContainText(/RF-\d{8}-/);
});
