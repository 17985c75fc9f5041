import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { waitForEmail } from '../support/mailbox';
import { centsOf, dollars, placeOrder, recordInvoice, shipOrder } from './support/money';
import { horizontalOverflow, screenshot, seriousA11yViolations } from './support/page-review';
import { demo, idTokenInPage, mailboxUrl, sidebar, signInAs, signedInPage } from './support/portal';

/**
 * Money journeys: the lab closes an order with an invoice and the practice pays it on Pay Online
 * (part by card, the rest with its lens credit first, a receipt and its email), a declined card changes
 * nothing, and a lens cancelled for credit on Lens Credit becomes available credit once the lab approves it
 * and has the lens back. Each journey makes its own orders and invoices (unique numbers), so it depends on
 * no other spec's data; the set-up that is not under test (placing an order, recording an invoice) goes
 * through the API. axe checks the four money pages; screenshots land in test-results/screenshots/.
 */

// The stack runs on a shared 2-core machine: payments go browser -> gateway -> fake gateway -> DynamoDB.
const SLOW = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

/**
 * A short suffix unique to this run (time in base 36 and a random letter), so invoice numbers look like the
 * lab's (INV-K3F9QZ) and a rerun against the same stack never meets an earlier run's numbers.
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`.toUpperCase();

const ACCOUNT = demo('customer').accountNumber ?? 'BV-1001';
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
/** An expiry three years ahead (MM/YY), never in the past whenever the suite runs. */
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Precision GP (gp-precision, $145.00 a lens). */
const GP_LENS = {
  lensId: 'gp-precision',
  parameters: { baseCurve: 7.8, diameter: 9.6, sphere: -3.25, material: 'boston-xo', colour: 'blue' },
};
/** Mini Scleral Comfort (scleral-mini, $320.00 a lens): 100% cancellation credit once the lens is returned. */
const SCLERAL_LENS = {
  lensId: 'scleral-mini',
  name: 'Mini Scleral Comfort',
  priceCents: 32_000,
  parameters: { baseCurve: 7.8, diameter: 15.2, sphere: -1.75, material: 'boston-xo2' },
};

async function openPayOnline(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Pay Online' }).click();
  await expect(page).toHaveURL(/\/customer\/payment/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Online' })).toBeVisible();
}

/** The row of an invoice in Pay Online's (or the lab's) invoice table. */
const invoiceRow = (page: Page, invoiceNumber: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Open invoice ${invoiceNumber}` }) });

const paymentPanel = (page: Page) => page.getByRole('region', { name: 'Payment' });

/** Fills in the fake gateway's test card form and pays; the form's button names the card amount. */
async function payByCard(page: Page, cardNumber: string, cardCents: number) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form).toBeVisible(SLOW);
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: `Pay ${dollars(cardCents)}` }).click();
}

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(await seriousA11yViolations(page), `axe on ${where}`).toEqual([]);
}

test.describe('money (invoices, Pay Online, Lens Credit)', () => {
  test('(a) an invoice issued when the lab closes an order is paid in part by card, then in full with lens credit first; each payment has a receipt and its email', async ({
    page,
    browser,
    request,
  }) => {
    const invoiceNumber = `INV-${unique()}`;
    const patient = 'Payton Reyes';
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'customer', /\/customer\/home$/);
    const order = await placeOrder(request, await idTokenInPage(page), {
      accountNumber: ACCOUNT,
      patient,
      eyes: ['OD', 'OS'],
      ...GP_LENS,
    });

    // The lab approves the order and closes it with an invoice number, shipping and tax.
    const lab = await signedInPage(browser, 'admin');
    // In-app navigation, as the order desk works (a reload right after signing in would race the sign-in's
    // activity record, which a restored session checks: spec 4).
    await sidebar(lab).getByRole('link', { name: 'Order Approval' }).click();
    await lab.getByLabel('Search').fill(order.orderNumber);
    await lab.getByRole('link', { name: `Open order ${order.orderNumber} for ${patient}` }).click();
    await expect(lab.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible(SLOW);
    await lab.getByRole('button', { name: 'Approve' }).click();
    const approve = lab.getByRole('dialog', { name: `Approve order ${order.orderNumber}` });
    await approve.getByRole('button', { name: 'Approve order' }).click();
    await expect(approve).toBeHidden(SLOW);
    await lab.getByRole('button', { name: 'Close with invoice…' }).click();
    const close = lab.getByRole('dialog', { name: `Close order ${order.orderNumber}` });
    await close.getByLabel('Invoice number').fill(invoiceNumber);
    await close.getByLabel('Shipping ($)').fill('12.00');
    await close.getByLabel('Tax ($)').fill('23.20');
    await close.getByRole('checkbox', { name: /No tracking/ }).check();
    await close.getByRole('button', { name: 'Close order' }).click();
    await expect(close).toBeHidden(SLOW);
    await lab.context().close();
    // Two lenses at $145.00, $12.00 shipping and $23.20 tax.
    const totalCents = 2 * 14_500 + 1_200 + 2_320;

    // The practice sees it open on Pay Online and opens its detail.
    await openPayOnline(page);
    const row = invoiceRow(page, invoiceNumber);
    await expect(row).toBeVisible(SLOW);
    await expect(row.getByText('Open', { exact: true })).toBeVisible();
    await expect(row).toContainText(patient);
    await expect(row).toContainText(dollars(totalCents));
    await screenshot(page, 'pay-online-1280');
    await expectNoSeriousA11yViolations(page, 'Pay Online');

    await row.getByRole('button', { name: `Open invoice ${invoiceNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`invoice=${invoiceNumber}`));
    const detail = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
    await expect(detail.getByLabel('Totals')).toContainText(`Total${dollars(totalCents)}`, SLOW);
    await expect(detail.getByLabel('Totals')).toContainText(`Shipping${dollars(1_200)}`);
    await expect(detail.getByLabel('Totals')).toContainText(`Tax${dollars(2_320)}`);
    await expect(detail.getByLabel('Totals')).toContainText(`Balance${dollars(totalCents)}`);
    await expect(detail.getByRole('link', { name: `Open order ${order.orderNumber}` }).first()).toBeVisible();
    await expect(detail.getByText('No payments or credits yet.')).toBeVisible();
    await screenshot(page, 'invoice-detail-1280', { fullPage: false });
    await detail.getByRole('button', { name: 'Download PDF' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'invoice-detail-1280-end', { fullPage: false });
    await expectNoSeriousA11yViolations(page, 'the invoice detail');
    await detail.getByRole('button', { name: 'Pay this invoice' }).click();
    await expect(detail).toBeHidden();

    // Part of it by card: the amount to pay is the balance until changed.
    const amount = page.getByLabel(`Amount to pay on ${invoiceNumber}`);
    await expect(amount).toHaveValue((totalCents / 100).toFixed(2));
    const partCents = 10_000;
    await amount.fill('100');
    const panel = paymentPanel(page);
    await panel.getByRole('button', { name: `Pay ${dollars(partCents)}` }).click();
    await expect(panel.getByRole('form', { name: 'Card payment' })).toBeVisible(SLOW);
    await screenshot(page, 'checkout-test-card-1280');
    await expectNoSeriousA11yViolations(page, 'the test card form');
    await payByCard(page, GOOD_CARD, partCents);

    const receipt = panel.getByRole('region', { name: /^Receipt / });
    await expect(receipt).toBeVisible(SLOW);
    await expect(panel.getByText('Payment received')).toBeVisible();
    const receiptNumber = ((await receipt.getByText(/^Receipt /).textContent()) ?? '').replace(/^Receipt /, '');
    expect(receiptNumber).not.toBe('');
    await expect(receipt).toContainText(`Amount paid${dollars(partCents)}`);
    await expect(receipt).toContainText(`Paid by card${dollars(partCents)}`);
    await expect(receipt.getByRole('list', { name: 'Invoices paid' })).toContainText(invoiceNumber);
    await screenshot(page, 'receipt-1280');

    // The invoice is partly paid now, and the receipt is in the practice's mailbox.
    const restCents = totalCents - partCents;
    await expect(row.getByText('Partially paid')).toBeVisible(SLOW);
    await expect(row).toContainText(dollars(restCents));
    const email = await waitForEmail(
      await mailboxUrl(request),
      demo('customer').email,
      (e) => e.subject.includes(receiptNumber),
      20_000,
    );
    expect(email.subject).toContain(dollars(partCents));
    expect(email.body.text ?? email.body.html ?? '').toContain(invoiceNumber);

    // The rest, with the account's lens credit applied first and the card for what the credit leaves.
    await panel.getByRole('button', { name: 'Make another payment' }).click();
    await row.getByRole('checkbox', { name: `Pay invoice ${invoiceNumber}` }).check();
    await expect(amount).toHaveValue((restCents / 100).toFixed(2));
    const creditHint = panel.getByText(new RegExp(`available on account ${ACCOUNT}`));
    await expect(creditHint).toBeVisible(SLOW);
    const availableCents = centsOf((await creditHint.textContent()) ?? '');
    expect(availableCents, 'the demo account has lens credit').toBeGreaterThan(0);
    await panel.getByRole('checkbox', { name: 'Apply my lens credit first' }).check();
    const creditCents = Math.min(availableCents, restCents);
    const cardCents = restCents - creditCents;
    const split = panel.getByLabel('Payment split');
    await expect(split).toContainText(`Lens credit-${dollars(creditCents)}`);
    await expect(split).toContainText(`By card${dollars(cardCents)}`);
    // The seeded $37.50 leaves the card the rest; on a stack where the account gathered more credit, the
    // credit alone pays it.
    if (cardCents > 0) {
      await panel.getByRole('button', { name: `Pay ${dollars(cardCents)} by card` }).click();
      await payByCard(page, GOOD_CARD, cardCents);
    } else {
      await panel.getByRole('button', { name: 'Pay with lens credit' }).click();
    }
    await expect(receipt).toBeVisible(SLOW);
    await expect(receipt).toContainText(`Amount paid${dollars(restCents)}`);
    await expect(receipt).toContainText(`Lens credit applied${dollars(creditCents)}`);

    // Paid in full: it leaves the Open tab for the Paid tab.
    await expect(row).toBeHidden(SLOW);
    await page.getByRole('tab', { name: 'Paid' }).click();
    const paidRow = invoiceRow(page, invoiceNumber);
    await expect(paidRow).toBeVisible(SLOW);
    await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paidRow).toContainText(dollars(0));

    // Pay Online at 375 px: the invoices become cards and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: 'Open' }).click();
    await expect(page.getByRole('status').filter({ hasText: /on this page/ })).toBeVisible(SLOW);
    await screenshot(page, 'pay-online-375');
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('(b) a declined card shows "Your card was declined." and leaves the invoice unchanged', async ({
    page,
    browser,
    request,
  }) => {
    const invoiceNumber = `MAN-${unique()}`;
    const invoiceCents = 6_400;
    const lab = await signedInPage(browser, 'admin');
    await recordInvoice(request, await idTokenInPage(lab), {
      invoiceNumber,
      accountNumber: ACCOUNT,
      description: 'Lens case and solution starter kit',
      unitCents: invoiceCents,
    });
    await lab.context().close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'customer', /\/customer\/home$/);
    await openPayOnline(page);
    const row = invoiceRow(page, invoiceNumber);
    await expect(row).toBeVisible(SLOW);
    await row.getByRole('checkbox', { name: `Pay invoice ${invoiceNumber}` }).check();
    const panel = paymentPanel(page);
    await panel.getByRole('button', { name: `Pay ${dollars(invoiceCents)}` }).click();
    await payByCard(page, DECLINED_CARD, invoiceCents);

    await expect(panel.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible(SLOW);
    await expect(panel.getByText('Your invoices are unchanged.', { exact: false })).toBeVisible();
    await expect(panel.getByRole('form', { name: 'Card payment' })).toBeHidden();
    await screenshot(page, 'declined-1280');

    // Nothing moved: still open, the whole amount due, no payment on it.
    await expect(row.getByText('Open', { exact: true })).toBeVisible();
    await expect(row.locator('td[data-label="Balance"]')).toHaveText(dollars(invoiceCents));
    await row.getByRole('button', { name: `Open invoice ${invoiceNumber}` }).click();
    const detail = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
    await expect(detail.getByLabel('Totals')).toContainText(`Balance${dollars(invoiceCents)}`, SLOW);
    await expect(detail.getByText('No payments or credits yet.')).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();

    // A small laptop's window: the list keeps its table, and the page never scrolls sideways.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(row).toBeVisible();
    await screenshot(page, 'pay-online-1024');
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('(c) a lens canceled for credit in its warranty becomes available credit once the lab approves it and has the lens back; the ledger shows it and exports as CSV', async ({
    page,
    browser,
    request,
  }) => {
    const patient = 'Rowan Ellis';
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'customer', /\/customer\/home$/);
    const order = await placeOrder(request, await idTokenInPage(page), {
      accountNumber: ACCOUNT,
      patient,
      eyes: ['OD'],
      ...SCLERAL_LENS,
    });
    const lab = await signedInPage(browser, 'admin');
    await shipOrder(request, await idTokenInPage(lab), order, `INV-${unique()}`);

    await sidebar(page).getByRole('link', { name: 'Lens Credit' }).click();
    await expect(page).toHaveURL(/\/customer\/credit$/);
    const available = page.getByRole('region', { name: 'Available credit' });
    const pending = page.getByRole('region', { name: 'Pending credit' });
    await expect(available).toBeVisible(SLOW);
    const availableBefore = centsOf((await available.textContent()) ?? '');
    const pendingBefore = centsOf((await pending.textContent()) ?? '');

    // The practice cancels the lens; the dialog says what it is credited and that the lens goes back.
    const what = `${SCLERAL_LENS.name} OD, order ${order.orderNumber}`;
    await page.getByRole('button', { name: `Cancel for credit: ${what}` }).click();
    const claim = page.getByRole('dialog', { name: 'Cancel for credit' });
    await expect(claim).toContainText(`Credit${dollars(SCLERAL_LENS.priceCents)}`);
    await expect(claim).toContainText('Yes, the lens must be returned');
    await claim.getByLabel('Why is the lens canceled?').fill('Patient moved to a corneal GP design.');
    await claim.getByRole('button', { name: 'Cancel for credit' }).click();
    await expect(claim).toBeHidden(SLOW);
    const claims = page.getByRole('table', { name: 'Warranty claims' });
    await expect(claims.getByRole('row').filter({ hasText: order.orderNumber })).toContainText('Waiting for the lab');
    await screenshot(page, 'lens-credit-1280');
    await expectNoSeriousA11yViolations(page, 'Lens Credit');

    // The lab approves it on Warranty Claims; the credit waits for the lens.
    await sidebar(lab).getByRole('link', { name: 'Warranty Claims' }).click();
    await expect(lab.getByRole('heading', { level: 1, name: 'Warranty Claims' })).toBeVisible();
    const claimName = `claim on ${order.orderNumber} OD`;
    await expect(lab.getByRole('button', { name: `Approve: ${claimName}` })).toBeVisible(SLOW);
    await screenshot(lab, 'warranty-claims-1280');
    await expectNoSeriousA11yViolations(lab, 'Warranty Claims');
    await lab.getByRole('button', { name: `Approve: ${claimName}` }).click();
    const approve = lab.getByRole('dialog', { name: `Approve the claim on ${order.orderNumber} OD?` });
    await expect(approve).toContainText(dollars(SCLERAL_LENS.priceCents));
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden(SLOW);

    await page.reload();
    await expect(pending).toContainText(dollars(pendingBefore + SCLERAL_LENS.priceCents), SLOW);
    await expect(available).toContainText(dollars(availableBefore));

    await lab.getByRole('tab', { name: 'Awaiting return' }).click();
    await lab.getByRole('button', { name: `Mark return received: ${claimName}` }).click();
    const received = lab.getByRole('dialog', { name: `Lens of ${order.orderNumber} OD received?` });
    await received.getByRole('button', { name: 'Mark return received' }).click();
    await expect(received).toBeHidden(SLOW);
    await lab.context().close();

    // The practice sees the credit available and in the ledger.
    await page.reload();
    await expect(available).toContainText(dollars(availableBefore + SCLERAL_LENS.priceCents), SLOW);
    await expect(pending).toContainText(dollars(pendingBefore));
    const ledger = page.getByRole('table', { name: 'Credit ledger, newest first' });
    const entry = ledger.getByRole('row').filter({ hasText: `Order ${order.orderNumber} (OD)` });
    await expect(entry).toContainText(`+${dollars(SCLERAL_LENS.priceCents)}`);
    await expect(entry).toContainText(dollars(availableBefore + SCLERAL_LENS.priceCents));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^lens-credit-${ACCOUNT}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Date,Kind,Reason,Amount,Balance after,Order number,Eye,Invoice,Note');
    expect(csv).toContain(`,${(SCLERAL_LENS.priceCents / 100).toFixed(2)},`);
    expect(csv).toContain(`,${order.orderNumber},OD,`);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(ledger).toBeVisible();
    await screenshot(page, 'lens-credit-375');
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('(d) the lab\u2019s Invoices page lists every practice\u2019s invoices and has no serious accessibility problems', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'admin', /\/admin\/home$/);
    await sidebar(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/admin\/invoices/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const table = page.getByRole('table', { name: /invoices, newest first/ });
    await expect(table.getByRole('button', { name: 'Open invoice INV-24817' })).toBeVisible(SLOW);
    await screenshot(page, 'admin-invoices-1280');
    await expectNoSeriousA11yViolations(page, 'the lab\u2019s Invoices');

    await table.getByRole('button', { name: 'Open invoice INV-24817' }).click();
    await expect(page.getByRole('heading', { name: 'Invoice INV-24817' })).toBeVisible(SLOW);
    await expect(page.getByRole('group', { name: 'Invoice actions' })).toBeVisible();
    await screenshot(page, 'admin-invoice-detail-1280');
    await expectNoSeriousA11yViolations(page, 'the lab\u2019s invoice detail');
  });
});
