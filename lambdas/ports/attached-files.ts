import { safeFileName } from '../../core/schemas/attachments';

// The bucket layout is shared with infra's grants: its one home is core.
import type { FileFolder } from '../../core/storage-prefixes';
export { CONSULT_FILES, INCOMING_FILES_PREFIX, ORDER_FILES, type FileFolder } from '../../core/storage-prefixes';

/** The folder of one owner's attached files, ending in '/'. */
export const filesFolder = (folder: FileFolder, ownerId: string) => `${folder.prefix}${ownerId}/`;

/** The folder of one owner's unconfirmed uploads, ending in '/'. */
export const incomingFolder = (folder: FileFolder, ownerId: string) => `${folder.incomingPrefix}${ownerId}/`;

/**
 * The object key of an attached file. Built on the server only, from the owner's id (checked by the route's
 * schema) and the safe form of the name, so no caller-chosen text can leave the owner's folder.
 */
export const attachedFileKey = (folder: FileFolder, ownerId: string, filename: string) =>
  `${filesFolder(folder, ownerId)}${safeFileName(filename)}`;

/** The key a presigned PUT writes to: the same safe name, in the owner's incoming folder. */
export const incomingFileKey = (folder: FileFolder, ownerId: string, filename: string) =>
  `${incomingFolder(folder, ownerId)}${safeFileName(filename)}`;

/** One stored file, as the storage reports it. */
export interface StoredFile {
  /** The safe file name (the last part of the key). */
  filename: string;
  size: number;
  contentType: string;
  /** ISO date-time. */
  lastModified: string;
}

/** A stored file with its first bytes, read so the server can check them against the declared type. */
export interface InspectedFile extends StoredFile {
  /** The first bytes (at most the number asked for; all of a smaller file). */
  start: Uint8Array;
  /** Which upload these bytes are (its ETag): the copy into the owner's folder takes exactly this one. */
  revision: { etag: string };
}

export interface FileUpload {
  /** The order or consult the file belongs to. */
  ownerId: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface FileDownload {
  ownerId: string;
  filename: string;
  /** 'attachment' downloads the file; 'inline' lets the browser show it (image previews only). */
  disposition: 'attachment' | 'inline';
  contentType: string;
}

/**
 * The object store holding one kind of attached files (its `folder`); every URL it signs expires after
 * `expiresInSeconds`. `ownerId` is the order's or the consult's id.
 */
export interface AttachedFiles {
  readonly folder: FileFolder;
  /** A presigned PUT to the owner's INCOMING folder that only accepts a body of exactly this type and length. */
  uploadUrl(upload: FileUpload, expiresInSeconds: number): Promise<string>;
  /** A presigned GET of an attached file that answers with a Content-Disposition carrying its safe name. */
  downloadUrl(download: FileDownload, expiresInSeconds: number): Promise<string>;
  /** The owner's attached files, by name, each with its first `startBytes` bytes. */
  list(ownerId: string, startBytes: number): Promise<InspectedFile[]>;
  /** One attached file with its first bytes, or null when it is not stored. */
  head(ownerId: string, filename: string, startBytes: number): Promise<InspectedFile | null>;
  /** An unconfirmed upload with its first bytes, or null when none arrived. */
  incoming(ownerId: string, filename: string, startBytes: number): Promise<InspectedFile | null>;
  /**
   * Copies exactly this revision of an upload into the owner's folder (replacing a file of the same name)
   * and removes the upload. False when the upload changed or went away since it was read.
   */
  attach(ownerId: string, filename: string, revision: InspectedFile['revision']): Promise<boolean>;
  /** Removes an unconfirmed upload; removing one that is not there is not an error. */
  removeIncoming(ownerId: string, filename: string): Promise<void>;
  /** Removes one attached file; removing a file that is not there is not an error. */
  remove(ownerId: string, filename: string): Promise<void>;
  /** Removes every file of the owner, attached or still incoming (a discarded or abandoned draft). */
  removeAll(ownerId: string): Promise<void>;
}
