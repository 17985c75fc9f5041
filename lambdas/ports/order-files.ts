import { safeFileName } from '../../core/schemas/attachments';

/** Every order's files live under this prefix (infra/constructs/storage.ts grants access below it only). */
export const ORDER_FILES_PREFIX = 'orders/';

/**
 * Uploads land here first, `incoming/{orderId}/{safe name}`, and reach the order's folder only when the
 * server has read their first bytes and checked them (confirmOrderFile). A bucket lifecycle rule removes
 * what nobody confirmed after a day.
 */
export const INCOMING_FILES_PREFIX = 'incoming/';

/** The folder of one order's files, ending in '/'. */
export const orderFilesFolder = (orderId: string) => `${ORDER_FILES_PREFIX}${orderId}/`;

/** The folder of one order's unconfirmed uploads, ending in '/'. */
export const incomingFilesFolder = (orderId: string) => `${INCOMING_FILES_PREFIX}${orderId}/`;

/**
 * The object key of an order's file. Built on the server only, from the order id (checked by the route's
 * schema) and the safe form of the name, so no caller-chosen text can leave the order's folder.
 */
export const orderFileKey = (orderId: string, filename: string) =>
  `${orderFilesFolder(orderId)}${safeFileName(filename)}`;

/** The key a presigned PUT writes to: the same safe name, in the order's incoming folder. */
export const incomingFileKey = (orderId: string, filename: string) =>
  `${incomingFilesFolder(orderId)}${safeFileName(filename)}`;

/** One stored file of an order, as the storage reports it. */
export interface StoredOrderFile {
  /** The safe file name (the last part of the key). */
  filename: string;
  size: number;
  contentType: string;
  /** ISO date-time. */
  lastModified: string;
}

/** A stored file with its first bytes, read so the server can check them against the declared type. */
export interface InspectedOrderFile extends StoredOrderFile {
  /** The first bytes (at most the number asked for; all of a smaller file). */
  start: Uint8Array;
  /** Which upload these bytes are (its ETag): the copy into the order's folder takes exactly this one. */
  revision: { etag: string };
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
  /** 'attachment' downloads the file; 'inline' lets the browser show it (image previews only). */
  disposition: 'attachment' | 'inline';
  contentType: string;
}

/** The object store holding order attachments; every URL it signs expires after `expiresInSeconds`. */
export interface OrderFiles {
  /** A presigned PUT to the order's INCOMING folder that only accepts a body of exactly this type and length. */
  uploadUrl(upload: OrderFileUpload, expiresInSeconds: number): Promise<string>;
  /** A presigned GET of an attached file that answers with a Content-Disposition carrying its safe name. */
  downloadUrl(download: OrderFileDownload, expiresInSeconds: number): Promise<string>;
  /** The order's attached files, by name, each with its first `startBytes` bytes. */
  list(orderId: string, startBytes: number): Promise<InspectedOrderFile[]>;
  /** One attached file with its first bytes, or null when it is not stored. */
  head(orderId: string, filename: string, startBytes: number): Promise<InspectedOrderFile | null>;
  /** An unconfirmed upload with its first bytes, or null when none arrived. */
  incoming(orderId: string, filename: string, startBytes: number): Promise<InspectedOrderFile | null>;
  /**
   * Copies exactly this revision of an upload into the order's folder (replacing a file of the same name)
   * and removes the upload. False when the upload changed or went away since it was read.
   */
  attach(orderId: string, filename: string, revision: InspectedOrderFile['revision']): Promise<boolean>;
  /** Removes an unconfirmed upload; removing one that is not there is not an error. */
  removeIncoming(orderId: string, filename: string): Promise<void>;
  /** Removes one attached file; removing a file that is not there is not an error. */
  remove(orderId: string, filename: string): Promise<void>;
  /** Removes every file of the order, attached or still incoming (a discarded or abandoned draft). */
  removeAll(orderId: string): Promise<void>;
}
