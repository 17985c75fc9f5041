import { aborted } from '../../../core/errors';
import type * as z from '../../../core/zod';
import type { documentUrlOutputSchema } from '../../../core/schemas/invoices';
import type { Identity } from '../../auth/verify-token';
import { renderInvoicePdf } from '../../documents/invoice-pdf';
import { PDF_CONTENT_TYPE } from '../../documents/pdf-layout';
import { renderReceiptPdf } from '../../documents/receipt-pdf';
import type { CustomersRepository } from '../../ports/customers-repository';
import {
  DOCUMENT_URL_SECONDS,
  invoiceDocumentKey,
  receiptDocumentKey,
  type DocumentStore,
} from '../../ports/document-store';
import type { MoneyStore } from '../../ports/money-store';
import type { UsersRepository } from '../../ports/users-repository';
import { loadVisiblePayment } from '../payments';
import { loadVisibleInvoice } from './invoice-access';
import { withoutPatients } from './invoice-views';
import { patientsVisibleIn } from '../../kernel/caller';
import type { Clock } from '../../kernel/clock';

export type DocumentUrl = z.infer<typeof documentUrlOutputSchema>;

export interface DocumentUrlDeps {
  money: Pick<MoneyStore, 'getInvoice' | 'getInvoices' | 'getPayment'>;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  documents: DocumentStore;
  now: Clock['now'];
}

export const PAYMENT_NOT_COMPLETE = 'The payment is not complete yet.';

/**
 * The stored document under `key`, rendered first when it is not there yet, and a short-lived link that
 * downloads it. Two requests at once may both render; they write the same document, the last one stays.
 */
export async function documentUrl(
  key: string,
  filename: string,
  render: () => Promise<Uint8Array>,
  deps: Pick<DocumentUrlDeps, 'documents' | 'now'>,
): Promise<DocumentUrl> {
  if (!(await deps.documents.exists(key))) {
    await deps.documents.put(key, await render(), PDF_CONTENT_TYPE, filename);
  }
  const url = await deps.documents.downloadUrl(key, filename, DOCUMENT_URL_SECONDS);
  const expiresAt = new Date(deps.now().getTime() + DOCUMENT_URL_SECONDS * 1000).toISOString();
  return { url, expiresAt, filename };
}

/**
 * `getInvoicePdfUrl`: the invoice's PDF as it is now (its current version), for the lab and for users linked
 * to the invoice's account; everyone else gets the same not-found as for an unknown invoice.
 */
export async function getInvoicePdfUrl(
  caller: Identity,
  input: { invoiceNumber: string; accountNumber: string },
  deps: DocumentUrlDeps,
): Promise<DocumentUrl> {
  const stored = await loadVisibleInvoice(caller, input.invoiceNumber, input.accountNumber, deps);
  const withPatients = (await patientsVisibleIn(caller, deps))(stored.accountNumber);
  const invoice = withPatients ? stored : withoutPatients(stored);
  return documentUrl(
    invoiceDocumentKey(invoice.accountNumber, invoice.invoiceNumber, invoice.version, withPatients),
    `${invoice.invoiceNumber}.pdf`,
    async () => renderInvoicePdf(invoice, await deps.customers.get(invoice.accountNumber), deps.now()),
    deps,
  );
}

/** `getReceiptPdfUrl`: the receipt of a settled payment, for the lab and the payment's account. */
export async function getReceiptPdfUrl(
  caller: Identity,
  input: { paymentId: string },
  deps: DocumentUrlDeps,
): Promise<DocumentUrl> {
  const payment = await loadVisiblePayment(caller, input.paymentId, deps);
  if (payment.status !== 'succeeded') throw aborted(PAYMENT_NOT_COMPLETE);
  return documentUrl(
    receiptDocumentKey(payment.accountNumber, payment.receiptNumber),
    `${payment.receiptNumber}.pdf`,
    async () => {
      const [invoices, practice] = await Promise.all([
        deps.money.getInvoices(payment.allocations.map((a) => a.invoiceNumber)),
        deps.customers.get(payment.accountNumber),
      ]);
      return renderReceiptPdf(payment, invoices, practice, deps.now());
    },
    deps,
  );
}
