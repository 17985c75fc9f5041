/** In-memory fakes of the attachment ports (order access, the object store), same rules as the adapters. */
import type { OrderAccess, OrderOwner } from '../../lambdas/ports/order-access';
import {
  attachedFileKey,
  filesFolder,
  incomingFileKey,
  incomingFolder,
  ORDER_FILES,
  type AttachedFiles,
  type FileDownload,
  type FileFolder,
  type FileUpload,
  type InspectedFile,
  type StoredFile,
} from '../../lambdas/ports/attached-files';

export class InMemoryOrderAccess implements OrderAccess {
  readonly rows = new Map<string, OrderOwner>();
  async getOrderOwner(orderId: string) {
    return this.rows.get(orderId) ?? null;
  }
}

/** The first bytes of a real file of each type, for fakes and tests that store "files". */
export const FILE_STARTS: Record<string, Uint8Array> = {
  'application/pdf': new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj'),
  'image/png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  'image/jpeg': Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
  'text/plain': new TextEncoder().encode('remake with flatter BC\n'),
  'text/csv': new TextEncoder().encode('k1,k2\n43.1,44.2\n'),
};

/** A stored object: its facts and bytes, and a revision that changes with each PUT. */
interface FakeObject extends StoredFile {
  bytes: Uint8Array;
  etag: string;
}

let nextEtag = 1;

/**
 * One kind of attached files (ORDER_FILES unless told). Signed URLs are readable records of what was signed:
 * `fake://put/{key}?...`. Pass one `objects` map to several kinds to share a bucket between them.
 */
export class InMemoryAttachedFiles implements AttachedFiles {
  readonly signedUploads: (FileUpload & { expiresIn: number })[] = [];
  readonly signedDownloads: (FileDownload & { expiresIn: number })[] = [];
  /** startBytes of every read, to check the server asks for enough of each file. */
  readonly reads: number[] = [];

  constructor(
    readonly folder: FileFolder = ORDER_FILES,
    readonly objects = new Map<string, FakeObject>(),
  ) {}

  private key(ownerId: string, filename: string) {
    return attachedFileKey(this.folder, ownerId, filename);
  }
  private incomingKey(ownerId: string, filename: string) {
    return incomingFileKey(this.folder, ownerId, filename);
  }

  private store(key: string, contentType: string, bytes: Uint8Array, size = bytes.length) {
    const name = key.slice(key.lastIndexOf('/') + 1);
    this.objects.set(key, {
      filename: name,
      size,
      contentType,
      lastModified: '2025-01-02T03:04:05.000Z',
      bytes,
      etag: `"etag-${nextEtag++}"`,
    });
  }

  /** Stores an attached file (as the confirm step leaves it); by default a real start of its type. */
  put(ownerId: string, filename: string, contentType = 'application/pdf', size = 1000, bytes?: Uint8Array) {
    this.store(this.key(ownerId, filename), contentType, bytes ?? FILE_STARTS[contentType] ?? new Uint8Array(), size);
  }

  /** Stores an upload as the browser's PUT to the presigned URL would (not yet attached). */
  putIncoming(ownerId: string, filename: string, contentType: string, bytes: Uint8Array, size = bytes.length) {
    this.store(this.incomingKey(ownerId, filename), contentType, bytes, size);
  }

  private inspect(key: string, startBytes: number): InspectedFile | null {
    const object = this.objects.get(key);
    if (!object) return null;
    this.reads.push(startBytes);
    const { bytes, etag, ...file } = object;
    return { ...file, start: bytes.slice(0, startBytes), revision: { etag } };
  }

  async uploadUrl(upload: FileUpload, expiresIn: number) {
    this.signedUploads.push({ ...upload, expiresIn });
    return `fake://put/${this.incomingKey(upload.ownerId, upload.filename)}?type=${upload.contentType}&size=${upload.size}`;
  }
  async downloadUrl(download: FileDownload, expiresIn: number) {
    this.signedDownloads.push({ ...download, expiresIn });
    return `fake://get/${this.key(download.ownerId, download.filename)}?disposition=${download.disposition}`;
  }
  async list(ownerId: string, startBytes: number) {
    const folder = filesFolder(this.folder, ownerId);
    return [...this.objects.keys()]
      .filter((key) => key.startsWith(folder) && !key.slice(folder.length).includes('/'))
      .sort((a, b) => a.localeCompare(b))
      .map((key) => this.inspect(key, startBytes)!);
  }
  async head(ownerId: string, filename: string, startBytes: number) {
    return this.inspect(this.key(ownerId, filename), startBytes);
  }
  async incoming(ownerId: string, filename: string, startBytes: number) {
    return this.inspect(this.incomingKey(ownerId, filename), startBytes);
  }
  async attach(ownerId: string, filename: string, revision: InspectedFile['revision']) {
    const from = this.incomingKey(ownerId, filename);
    const upload = this.objects.get(from);
    if (!upload || upload.etag !== revision.etag) return false;
    this.objects.set(this.key(ownerId, filename), upload);
    this.objects.delete(from);
    return true;
  }
  async removeIncoming(ownerId: string, filename: string) {
    this.objects.delete(this.incomingKey(ownerId, filename));
  }
  async remove(ownerId: string, filename: string) {
    this.objects.delete(this.key(ownerId, filename));
  }
  async removeAll(ownerId: string) {
    const folders = [filesFolder(this.folder, ownerId), incomingFolder(this.folder, ownerId)];
    for (const key of [...this.objects.keys()]) if (folders.some((f) => key.startsWith(f))) this.objects.delete(key);
  }
}
