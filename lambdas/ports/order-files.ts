import { safeFileName } from '../../core/schemas/attachments';

/** Every order's files live under this prefix (infra/constructs/storage.ts grants access below it only). */
export const ORDER_FILES_PREFIX = 'orders/';

/** The folder of one order's files, ending in '/'. */
export const orderFilesFolder = (orderId: string) => `${ORDER_FILES_PREFIX}${orderId}/`;

/**
 * The object key of an order's file. Built on the server only, from the order id (checked by the route's
 * schema) and the safe form of the name, so no caller-chosen text can leave the order's folder.
 */
export const orderFileKey = (orderId: string, filename: string) =>
  `${orderFilesFolder(orderId)}${safeFileName(filename)}`;

/** One stored file of an order, as the storage reports it. */
export interface StoredOrderFile {
  /** The safe file name (the last part of the key). */
  filename: string;
  size: number;
  contentType: string;
  /** ISO date-time. */
  lastModified: string;
}

export interface OrderFileUpload {
  orderId: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface OrderFileDownload {
  orderId: string;
  filename: string;
  /** 'attachment' downloads the file; 'inline' lets the browser show it (image and PDF previews). */
  disposition: 'attachment' | 'inline';
  contentType: string;
}

/** The object store holding order attachments; every URL it signs expires after `expiresInSeconds`. */
export interface OrderFiles {
  /** A presigned PUT that only accepts a body of exactly this type and length. */
  uploadUrl(upload: OrderFileUpload, expiresInSeconds: number): Promise<string>;
  /** A presigned GET that answers the file with a Content-Disposition carrying its safe name. */
  downloadUrl(download: OrderFileDownload, expiresInSeconds: number): Promise<string>;
  /** The order's files, by name. */
  list(orderId: string): Promise<StoredOrderFile[]>;
  /** One file's facts, or null when it is not stored. */
  head(orderId: string, filename: string): Promise<StoredOrderFile | null>;
  /** Removes one file; removing a file that is not there is not an error. */
  remove(orderId: string, filename: string): Promise<void>;
  /** Removes every file of the order (a discarded draft). */
  removeAll(orderId: string): Promise<void>;
}
