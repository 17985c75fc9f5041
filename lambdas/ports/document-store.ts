import { DOCUMENTS_PREFIX } from '../../core/storage-prefixes';

/** How long a download link works: long enough to click, too short to pass around. */
export const DOCUMENT_URL_SECONDS = 5 * 60;

/**
 * An invoice's PDF, one per version: a payment, a void or a change counts the version up and so makes a
 * new document, while the same version is rendered once and served from storage after that.
 */
export const invoiceDocumentKey = (
  accountNumber: string,
  invoiceNumber: string,
  version: number,
  /** Rendered without the lines' patients, for a practice's biller (a document of its own). */
  withPatients = true,
) =>
  `${DOCUMENTS_PREFIX}invoices/${accountNumber}/${invoiceNumber}-v${version}${withPatients ? '' : '-no-patients'}.pdf`;

/** A receipt's PDF: a settled payment does not change, so one per receipt number. */
export const receiptDocumentKey = (accountNumber: string, receiptNumber: string) =>
  `${DOCUMENTS_PREFIX}receipts/${accountNumber}/${receiptNumber}.pdf`;

/** A statement's PDF: a stored statement never changes (a correction is a new version), so one per version. */
export const statementDocumentKey = (accountNumber: string, month: string, version: number) =>
  `${DOCUMENTS_PREFIX}statements/${accountNumber}/${month}-v${version}.pdf`;

/** Private storage of generated documents, handed out only as short-lived download links. */
export interface DocumentStore {
  /** Stores the bytes under `key` (below DOCUMENTS_PREFIX); `filename` is the name a download saves as. */
  put(key: string, bytes: Uint8Array, contentType: string, filename: string): Promise<void>;
  /** A presigned GET that downloads the document as `filename` (never shown inline) and expires. */
  downloadUrl(key: string, filename: string, expiresInSeconds: number): Promise<string>;
  exists(key: string): Promise<boolean>;
}
