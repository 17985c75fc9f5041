import { expect, test, type Page } from '@playwright/test';
import { waitForEmail } from '../support/mailbox';
import { uniqueTrackingNumber } from '../support/tracking-fixtures';
import { demo, mailboxUrl, sidebar, signInAs } from './support/portal';

/**
 * Order journeys: the order form (checked as typed, attachments, draft kept across a reload), the lab's
 * approval and closing with an invoice number, the practice's timeline and the order-closed email (spec 9),
 * and the super admin's catalogue and email pages. (a) and (c) share one order, so the file runs in order.
 */

/** A unique suffix, so a rerun against the same stack never finds an earlier run's order. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const placed = {
  patient: `Avery Quinn ${unique()}`,
  poNumber: `PO-${unique()}`,
  orderNumber: '',
  shipBy: '',
  file: 'topography.pdf',
};

/** What (a) types into the OD line, as the lab's detail shows it (numbers to the step, with their unit). */
const ORDERED_PARAMETERS: [string, string][] = [
  ['Base curve', '7.80 mm'],
  ['Diameter', '9.6 mm'],
  ['Sphere', '-3.25 D'],
  ['Material', 'Boston XO (Dk 100)'],
  ['Color', 'Blue'],
  ['Quantity', '1'],
];

/** A tiny but real PDF, so the allowlist (type and size) accepts it. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The OD line's fields (the form labels each eye's fields inside a region named after the eye). */
const odLine = (page: Page) => page.getByRole('region', { name: /OD/ });

async function openOrderForm(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Order Form' }).click();
  await expect(page).toHaveURL(/\/customer\/order$/);
  await expect(page.getByLabel('Patient name or reference')).toBeVisible();
}

test.describe.serial('lens orders (order form, attachments, approval, timeline, order emails)', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 900 }));

  test('(a) parameters are checked as typed against the design, the ship and arrival dates show before submitting, a file uploads with progress, and submitting after confirmation shows the order number', async ({
    page,
  }) => {
    await signInAs(page, 'customer', /\/customer\/home$/);
    await openOrderForm(page);

    await page.getByLabel('Patient name or reference').fill(placed.patient);
    await page.getByLabel('PO number (optional)').fill(placed.poNumber);
    const od = odLine(page);
    await od.getByLabel('Lens design, OD').selectOption('gp-precision');

    // Base curve 6.5-8.5 mm: an out-of-range value shows its message while typing, before any submit.
    const baseCurve = od.getByLabel('Base curve', { exact: true });
    await baseCurve.fill('9.2');
    await expect(od.getByText('Base curve must be between')).toBeVisible();
    await expect(baseCurve).toHaveAttribute('aria-invalid', 'true');
    await baseCurve.fill('7.80');
    await expect(od.getByText('Base curve must be between')).toBeHidden();
    await expect(baseCurve).not.toHaveAttribute('aria-invalid', 'true');

    await od.getByLabel('Diameter', { exact: true }).fill('9.6');
    await od.getByLabel('Sphere', { exact: true }).fill('-3.25');
    await od.getByLabel('Material', { exact: true }).selectOption('boston-xo');
    await od.getByLabel('Color', { exact: true }).selectOption('blue');

    // Files can be attached once the draft exists on the server (the upload URL checks the order's owner).
    const fileInput = page.locator('input[type="file"]');
    await expect(fileInput).toBeAttached({ timeout: 15_000 });
    await fileInput.setInputFiles({ name: placed.file, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('list', { name: 'Attached files' }).getByText(placed.file)).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `${placed.file} uploaded` })).toBeAttached();

    // Before submitting, the practice reads when the lenses ship and arrive, on the lab's calendar.
    const promise = page.getByText(/^Ships by .+ · arrives by .+ by standard shipping$/);
    await expect(promise).toBeVisible();
    placed.shipBy = /^Ships by (.+?) ·/.exec((await promise.textContent()) ?? '')?.[1] ?? '';

    await page.getByRole('button', { name: 'Review and submit' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Submit this order?' });
    await expect(confirm.getByText(placed.patient)).toBeVisible();
    await expect(confirm.getByText('Precision GP × 1')).toBeVisible();
    await confirm.getByRole('button', { name: 'Submit order' }).click();

    const done = page.getByRole('heading', { name: /^Order .+ submitted$/ });
    await expect(done).toBeVisible();
    placed.orderNumber = /^Order (.+) submitted$/.exec((await done.textContent()) ?? '')?.[1] ?? '';
    expect(placed.orderNumber).not.toBe('');

    // The dashboard lists the new order at once (its cached list is refreshed by the submit).
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('link', { name: placed.orderNumber, exact: true }).first()).toBeVisible();
  });

  test('(b) what is typed is saved as a draft and survives a reload', async ({ page }) => {
    await signInAs(page, 'customer', /\/customer\/home$/);
    await openOrderForm(page);
    const patient = `Draft patient ${unique()}`;
    await page.getByLabel('Patient name or reference').fill(patient);
    const od = odLine(page);
    await od.getByLabel('Lens design, OD').selectOption('scleral-horizon');
    await od.getByLabel('Sagittal depth', { exact: true }).fill('4250');
    await od.getByLabel('Diameter', { exact: true }).fill('16.5');
    await expect(page.getByText(/^Draft saved/)).toBeVisible({ timeout: 15_000 });

    await page.reload();
    await expect(page.getByLabel('Patient name or reference')).toHaveValue(patient);
    await expect(odLine(page).getByLabel('Lens design, OD')).toHaveValue('scleral-horizon');
    await expect(odLine(page).getByLabel('Sagittal depth', { exact: true })).toHaveValue('4250');
    await expect(odLine(page).getByLabel('Diameter', { exact: true })).toHaveValue('16.5');

    // Leaves the demo login without a pending draft for later runs.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard this draft?' })
      .getByRole('button', { name: 'Discard draft' })
      .click();
    await expect(page.getByLabel('Patient name or reference')).toHaveValue('');
  });

  test('(c) the lab approves the order and ships it in two parcels with an invoice number; the practice sees the timeline, a tracking link for each parcel and the order-closed email (spec 9)', async ({
    page,
    browser,
    request,
  }) => {
    expect(placed.orderNumber, 'journey (a) placed the order').not.toBe('');
    const invoice = `INV-${unique().toUpperCase()}`;

    await signInAs(page, 'admin', /\/admin\/home$/);
    await sidebar(page).getByRole('link', { name: 'Order Approval' }).click();
    await expect(page).toHaveURL(/\/admin\/order-approval/);
    await page.getByLabel('Search').fill(placed.orderNumber);
    const link = page.getByRole('link', { name: `Open order ${placed.orderNumber} for ${placed.patient}` });
    await expect(link).toBeVisible();
    await link.click();

    await expect(page.getByRole('heading', { name: `Order ${placed.orderNumber}` })).toBeVisible();
    // Every parameter as ordered, from the design snapshot on the order.
    const lenses = page.getByRole('region', { name: 'Lenses', exact: true });
    await expect(lenses.getByRole('heading', { name: /Precision GP/ })).toBeVisible();
    for (const [label, value] of ORDERED_PARAMETERS)
      await expect(
        lenses.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]'),
      ).toHaveText(value);
    await expect(page.getByText(placed.poNumber)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Attached files' }).getByText(placed.file)).toBeVisible();

    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: `Approve order ${placed.orderNumber}` });
    await approve.getByRole('button', { name: 'Approve order' }).click();
    await expect(approve).toBeHidden();
    await expect(page.getByRole('button', { name: 'Close with invoice…' })).toBeVisible();

    await page.getByRole('button', { name: 'Close with invoice…' }).click();
    const close = page.getByRole('dialog', { name: `Close order ${placed.orderNumber}` });
    await close.getByLabel('Invoice number').fill(invoice);
    // Two parcels, scanned one a line: the carrier of each is read from its number.
    const parcels = [uniqueTrackingNumber('ups'), uniqueTrackingNumber('fedex')];
    await close.getByLabel('Tracking numbers').fill(parcels.join('\n'));
    await expect(close.getByRole('list', { name: 'Parcels as read' })).toContainText(`${parcels[0]} UPS`);
    await expect(close.getByRole('list', { name: 'Parcels as read' })).toContainText(`${parcels[1]} FedEx`);
    await close.getByRole('button', { name: 'Close order' }).click();
    await expect(close).toBeHidden();
    await expect(page.getByText(invoice).first()).toBeVisible();

    // The practice follows its order: every change with who and when, newest first.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const customer = await context.newPage();
    await signInAs(customer, 'customer', /\/customer\/home$/);
    await customer.getByRole('link', { name: placed.orderNumber }).first().click();
    await expect(customer).toHaveURL(/\/customer\/orders\//);
    await expect(customer.getByRole('heading', { name: `Order ${placed.orderNumber}` })).toBeVisible();
    const timeline = customer.getByRole('list', { name: 'Order history, newest first' });
    await expect(timeline.getByRole('listitem')).toHaveCount(3);
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Shipped');
    await expect(timeline.getByRole('listitem').nth(0)).toContainText(`Invoice ${invoice}`);
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('In production');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Submitted');
    // The day promised before the submit is the order's ship-by day.
    await expect(customer.getByText(placed.shipBy, { exact: true }).first()).toBeVisible();
    // Each parcel links to its carrier's tracking page, in a new tab.
    for (const number of parcels)
      await expect(customer.getByRole('link', { name: new RegExp(number) })).toHaveAttribute('target', '_blank');
    await expect(customer.getByRole('link', { name: new RegExp(parcels[0]!) })).toHaveAttribute(
      'href',
      `https://www.ups.com/track?tracknum=${parcels[0]}`,
    );
    await context.close();

    const email = await waitForEmail(
      await mailboxUrl(request),
      demo('customer').email,
      (e) => e.subject.includes(placed.orderNumber) && /completed/i.test(e.subject),
    );
    const body = email.body.text ?? email.body.html ?? '';
    expect(body).toContain(`Patient name: ${placed.patient}`);
    expect(body).toContain(`Invoice number: ${invoice}`);
    expect(body).toContain('Order notes: No order notes provided');
    for (const number of parcels) expect(body).toContain(number);
  });

  test('(d) a super admin sees the lens catalog in Lens Management and every email in Email Management, previewed with sample values', async ({
    page,
  }) => {
    await signInAs(page, 'superAdmin', /\/admin\/home$/);
    await sidebar(page).getByRole('link', { name: 'Lens Management' }).click();
    await expect(page.getByRole('heading', { name: 'Lens Management' })).toBeVisible();
    const designs = page.getByRole('table', { name: 'Lens designs' });
    await expect(designs.getByText('Horizon Scleral')).toBeVisible();
    await expect(designs.getByText('Precision GP', { exact: true })).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Email Management' }).click();
    await expect(page.getByRole('heading', { name: 'Email Management' })).toBeVisible();
    const emails = page.getByRole('navigation', { name: 'Emails' });
    for (const label of ['Order submitted', 'Order closed', 'User invited'])
      await expect(emails.getByRole('button', { name: new RegExp(label) })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lab notification recipients' })).toBeVisible();

    // The preview is the server's rendering with sample values, in a sandboxed iframe (no script).
    const preview = page.getByTitle('Email preview');
    await expect(preview).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe[title="Email preview"]').locator('body')).toContainText(
      'for patient J. Doe from',
    );
  });
});
