import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../support/api-call';
import { invoiceOf, paymentOf } from '../support/document-fixtures';
import { putRow } from '../support/dynamo-rows';
import { pdfText } from '../support/pdf-text';
import { signInPracticesAndLab } from './helpers/demo-users';

/**
 * Through the local gateway, DynamoDB Local and s3rver: the invoice and receipt PDF
 * links download a real PDF as an attachment. Invoices and payments are written straight into their tables
 * for the demo practice BV-1001.
 */
type Api = ReturnType<typeof caller>;
let practice: Api;
let otherPractice: Api;
let lab: Api;

beforeAll(async () => {
  ({ practice, otherPractice, lab } = await signInPracticesAndLab(urls.api));
});

const unique = () => randomUUID().slice(0, 8).toUpperCase();

async function storedInvoice(version = 0) {
  const invoice = invoiceOf({ invoiceNumber: `INV-DOC-${unique()}`, accountNumber: 'BV-1001', version });
  await putRow('invoices', { ...invoice, ledger: 'invoices' });
  return invoice;
}

async function download(url: string) {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  return { headers: answer.headers, bytes: new Uint8Array(await answer.arrayBuffer()) };
}

describe('invoice PDF link (getInvoicePdfUrl)', () => {
  it('downloads the invoice as a PDF attachment named for the invoice; the link lives 5 minutes', async () => {
    const invoice = await storedInvoice();
    const answer = await practice('getInvoicePdfUrl', {
      invoiceNumber: invoice.invoiceNumber,
      accountNumber: 'BV-1001',
    });
    expect(answer.status).toBe(200);
    const { url, filename, expiresAt } = answer.body.result;
    expect(filename).toBe(`${invoice.invoiceNumber}.pdf`);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(200_000);
    expect(new URL(url).pathname).toContain(`documents/invoices/BV-1001/${invoice.invoiceNumber}-v0.pdf`);

    const { headers, bytes } = await download(url);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    expect(headers.get('content-type')).toBe('application/pdf');
    const pdf = await pdfText(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.text).toContain(invoice.invoiceNumber);
    expect(pdf.text).toContain('Brightview Eye Care');
  });

  it('the lab gets the same stored document for the same version', async () => {
    const invoice = await storedInvoice(2);
    const input = { invoiceNumber: invoice.invoiceNumber, accountNumber: 'BV-1001' };
    const first = await download((await practice('getInvoicePdfUrl', input)).body.result.url);
    const second = await download((await lab('getInvoicePdfUrl', input)).body.result.url);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });

  it('another practice gets not-found, as for an unknown invoice', async () => {
    const invoice = await storedInvoice();
    const theirs = await otherPractice('getInvoicePdfUrl', {
      invoiceNumber: invoice.invoiceNumber,
      accountNumber: 'BV-1001',
    });
    const unknown = await practice('getInvoicePdfUrl', {
      invoiceNumber: `INV-NONE-${unique()}`,
      accountNumber: 'BV-1001',
    });
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(theirs.body.error.message).toBe(unknown.body.error.message);
  });
});

describe('receipt PDF link (getReceiptPdfUrl)', () => {
  it('downloads a settled payment’s receipt as a PDF attachment', async () => {
    const invoice = await storedInvoice();
    const payment = paymentOf({
      paymentId: randomUUID(),
      receiptNumber: `R-DOC-${unique()}`,
      allocations: [{ invoiceNumber: invoice.invoiceNumber, amountCents: 10_000 }],
      totalCents: 10_000,
      creditCents: 0,
      cardCents: 10_000,
    });
    await putRow('payments', payment);
    const answer = await practice('getReceiptPdfUrl', { paymentId: payment.paymentId });
    expect(answer.status).toBe(200);
    expect(answer.body.result.filename).toBe(`${payment.receiptNumber}.pdf`);
    const { headers, bytes } = await download(answer.body.result.url);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="${payment.receiptNumber}.pdf"`);
    const pdf = await pdfText(bytes);
    expect(pdf.text).toContain(payment.receiptNumber);
    expect(pdf.text).toContain(invoice.invoiceNumber);
  });

  it('refuses a payment that is not complete with 409, and another practice with 404', async () => {
    const pending = paymentOf({ paymentId: randomUUID(), receiptNumber: `R-DOC-${unique()}`, status: 'awaiting-card' });
    await putRow('payments', pending);
    const early = await practice('getReceiptPdfUrl', { paymentId: pending.paymentId });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('The payment is not complete yet.');
    const theirs = await otherPractice('getReceiptPdfUrl', { paymentId: pending.paymentId });
    expect(theirs.status).toBe(404);
  });
});
