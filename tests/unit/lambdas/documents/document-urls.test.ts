import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import { documentUrlOutputSchema, getInvoiceInputSchema } from '../../../../core/schemas/invoices';
import { DOCUMENT_URL_SECONDS, type DocumentStore } from '../../../../lambdas/ports/document-store';
import {
  PAYMENT_NOT_COMPLETE,
  getInvoicePdfUrl,
  getReceiptPdfUrl,
  type DocumentUrlDeps,
} from '../../../../lambdas/use-cases/invoices/document-urls';
import { PRACTICE, invoiceOf, paymentOf } from '../../../support/document-fixtures';
import { identity } from '../../../support/identities';
import { InMemoryMoneyStore } from '../../../support/in-memory-money';
import { pdfText } from '../../../support/pdf-text';
import { testCustomers, testUsers } from '../../../support/test-directory';

/** A document store that keeps what was put and signs fake URLs that name key, file name and lifetime. */
class InMemoryDocuments implements DocumentStore {
  readonly objects = new Map<string, { bytes: Uint8Array; contentType: string; filename: string }>();
  puts = 0;
  async put(key: string, bytes: Uint8Array, contentType: string, filename: string) {
    this.puts++;
    this.objects.set(key, { bytes, contentType, filename });
  }
  async downloadUrl(key: string, filename: string, expiresInSeconds: number) {
    return `https://files.test/${key}?filename=${encodeURIComponent(filename)}&expires=${expiresInSeconds}`;
  }
  async exists(key: string) {
    return this.objects.has(key);
  }
}

const NOW = new Date('2025-03-12T10:00:00.000Z');
const practiceUser = identity(['customer'], { userId: 'u-ann' });
const otherPractice = identity(['customer'], { userId: 'u-eve' });
const lab = identity(['admin'], { userId: 'u-lab' });
const biller = identity(['customer'], { userId: 'u-bill' });

let money: InMemoryMoneyStore;
let documents: InMemoryDocuments;
let deps: DocumentUrlDeps;

beforeEach(() => {
  money = new InMemoryMoneyStore();
  documents = new InMemoryDocuments();
  const user = (userId: string, accountNumber: string) => ({
    userId,
    email: `${userId}@test`,
    firstName: userId,
    accountNumber,
  });
  const users = testUsers([
    user('u-ann', 'BV-1001'),
    user('u-eve', 'HV-2001'),
    user('u-lab', ''),
    { ...user('u-bill', 'BV-1001'), practiceRoles: { 'BV-1001': ['billing'] } },
  ]);
  const customers = testCustomers([PRACTICE]);
  deps = { money, users, customers, documents, now: () => NOW };
  money.invoices.set('INV-1001', invoiceOf({ version: 3 }));
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('getInvoicePdfUrl', () => {
  it('renders the current version once, stores it as a PDF and answers a 5-minute download link', async () => {
    const answer = await getInvoicePdfUrl(
      practiceUser,
      getInvoiceInputSchema.parse({ invoiceNumber: 'inv-1001', accountNumber: 'bv-1001' }),
      deps,
    );
    const key = 'documents/invoices/BV-1001/INV-1001-v3.pdf';
    expect(documentUrlOutputSchema.parse(answer)).toEqual({
      url: `https://files.test/${key}?filename=INV-1001.pdf&expires=${DOCUMENT_URL_SECONDS}`,
      expiresAt: '2025-03-12T10:05:00.000Z',
      filename: 'INV-1001.pdf',
    });
    const stored = documents.objects.get(key)!;
    expect(stored.contentType).toBe('application/pdf');
    expect(stored.filename).toBe('INV-1001.pdf');
    const pdf = await pdfText(stored.bytes);
    expect(pdf.text).toContain('INV-1001');
    expect(pdf.text).toContain('Brightview Eye Care');
  });

  it('serves the stored PDF again without rendering while the version is the same; a new version renders anew', async () => {
    const input = { invoiceNumber: 'INV-1001', accountNumber: 'BV-1001' };
    await getInvoicePdfUrl(practiceUser, input, deps);
    await getInvoicePdfUrl(lab, input, deps);
    expect(documents.puts).toBe(1);
    money.invoices.set('INV-1001', invoiceOf({ version: 4, status: 'void', voidReason: 'Duplicate' }));
    const answer = await getInvoicePdfUrl(practiceUser, input, deps);
    expect(answer.url).toContain('INV-1001-v4.pdf');
    expect(documents.puts).toBe(2);
    expect((await pdfText(documents.objects.get('documents/invoices/BV-1001/INV-1001-v4.pdf')!.bytes)).text).toContain(
      'VOID',
    );
  });

  it("a practice's biller gets a PDF of its own without the patients; the doctor's names them", async () => {
    const input = { invoiceNumber: 'INV-1001', accountNumber: 'BV-1001' };
    const billers = await getInvoicePdfUrl(biller, input, deps);
    const doctors = await getInvoicePdfUrl(practiceUser, input, deps);
    expect(billers.url).toContain('INV-1001-v3-no-patients.pdf');
    expect(doctors.url).toContain('INV-1001-v3.pdf');
    const text = async (key: string) => (await pdfText(documents.objects.get(key)!.bytes)).text;
    expect(await text('documents/invoices/BV-1001/INV-1001-v3-no-patients.pdf')).not.toContain('Patient 1');
    expect(await text('documents/invoices/BV-1001/INV-1001-v3.pdf')).toContain('Patient 1');
  });

  it('another practice, a wrong account and an unknown invoice get the same not-found, and nothing is stored', async () => {
    const answers = await Promise.all([
      refusal(getInvoicePdfUrl(otherPractice, { invoiceNumber: 'INV-1001', accountNumber: 'BV-1001' }, deps)),
      refusal(getInvoicePdfUrl(otherPractice, { invoiceNumber: 'INV-1001', accountNumber: 'HV-2001' }, deps)),
      refusal(getInvoicePdfUrl(practiceUser, { invoiceNumber: 'INV-9999', accountNumber: 'BV-1001' }, deps)),
      refusal(getInvoicePdfUrl(lab, { invoiceNumber: 'INV-1001', accountNumber: 'HV-2001' }, deps)),
    ]);
    for (const error of answers) {
      expect(error.status).toBe('not-found');
      expect(error.message).toBe('Invoice not found');
    }
    expect(documents.objects.size).toBe(0);
  });
});

describe('getReceiptPdfUrl', () => {
  it('answers a link to the settled payment’s receipt, stored by receipt number', async () => {
    const payment = paymentOf();
    money.payments.set(payment.paymentId, payment);
    const answer = await getReceiptPdfUrl(practiceUser, { paymentId: payment.paymentId }, deps);
    const key = 'documents/receipts/BV-1001/R-20250305-0007.pdf';
    expect(answer.filename).toBe('R-20250305-0007.pdf');
    expect(answer.url).toContain(key);
    expect(answer.expiresAt).toBe('2025-03-12T10:05:00.000Z');
    const pdf = await pdfText(documents.objects.get(key)!.bytes);
    expect(pdf.text).toContain('R-20250305-0007');
    expect(pdf.text).toContain('INV-1001');
    expect(pdf.text).toContain('Dr Ada Fitter');
    await getReceiptPdfUrl(lab, { paymentId: payment.paymentId }, deps);
    expect(documents.puts).toBe(1);
  });

  it.each(['awaiting-card', 'failed'] as const)('refuses a %s payment with 409 and stores nothing', async (status) => {
    const payment = paymentOf({ status });
    money.payments.set(payment.paymentId, payment);
    const error = await refusal(getReceiptPdfUrl(practiceUser, { paymentId: payment.paymentId }, deps));
    expect(error.status).toBe('aborted');
    expect(error.httpCode).toBe(409);
    expect(error.message).toBe(PAYMENT_NOT_COMPLETE);
    expect(documents.objects.size).toBe(0);
  });

  it('another practice’s payment and an unknown payment are the same not-found', async () => {
    const payment = paymentOf();
    money.payments.set(payment.paymentId, payment);
    const theirs = await refusal(getReceiptPdfUrl(otherPractice, { paymentId: payment.paymentId }, deps));
    const unknown = await refusal(
      getReceiptPdfUrl(practiceUser, { paymentId: '11111111-2222-4333-8444-555555555555' }, deps),
    );
    expect([theirs.status, theirs.message]).toEqual(['not-found', 'Payment not found']);
    expect([unknown.status, unknown.message]).toEqual(['not-found', 'Payment not found']);
    expect(documents.objects.size).toBe(0);
  });
});
