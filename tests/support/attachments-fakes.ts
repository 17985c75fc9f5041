/** In-memory fakes of the attachment ports (order access, the object store), same rules as the adapters. */
import type { OrderAccess, OrderOwner } from '../../lambdas/ports/order-access';
import {
  incomingFileKey,
  orderFileKey,
  type InspectedOrderFile,
  type OrderFileDownload,
  type OrderFileUpload,
  type OrderFiles,
  type StoredOrderFile,
} from '../../lambdas/ports/order-files';

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
interface FakeObject extends StoredOrderFile {
  bytes: Uint8Array;
  etag: string;
}

let nextEtag = 1;

/** Signed URLs are readable records of what was signed: `fake://put/{key}?...`. */
export class InMemoryOrderFiles implements OrderFiles {
  readonly objects = new Map<string, FakeObject>();
  readonly signedUploads: (OrderFileUpload & { expiresIn: number })[] = [];
  readonly signedDownloads: (OrderFileDownload & { expiresIn: number })[] = [];
  /** startBytes of every read, to check the server asks for enough of each file. */
  readonly reads: number[] = [];

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

  /** Stores an attached file (as confirmOrderFile leaves it); by default a real start of its type. */
  put(orderId: string, filename: string, contentType = 'application/pdf', size = 1000, bytes?: Uint8Array) {
    this.store(
      orderFileKey(orderId, filename),
      contentType,
      bytes ?? FILE_STARTS[contentType] ?? new Uint8Array(),
      size,
    );
  }

  /** Stores an upload as the browser's PUT to the presigned URL would (not yet attached). */
  putIncoming(orderId: string, filename: string, contentType: string, bytes: Uint8Array, size = bytes.length) {
    this.store(incomingFileKey(orderId, filename), contentType, bytes, size);
  }

  private inspect(key: string, startBytes: number): InspectedOrderFile | null {
    const object = this.objects.get(key);
    if (!object) return null;
    this.reads.push(startBytes);
    const { bytes, etag, ...file } = object;
    return { ...file, start: bytes.slice(0, startBytes), revision: { etag } };
  }

  async uploadUrl(upload: OrderFileUpload, expiresIn: number) {
    this.signedUploads.push({ ...upload, expiresIn });
    return `fake://put/${incomingFileKey(upload.orderId, upload.filename)}?type=${upload.contentType}&size=${upload.size}`;
  }
  async downloadUrl(download: OrderFileDownload, expiresIn: number) {
    this.signedDownloads.push({ ...download, expiresIn });
    return `fake://get/${orderFileKey(download.orderId, download.filename)}?disposition=${download.disposition}`;
  }
  async list(orderId: string, startBytes: number) {
    const folder = orderFileKey(orderId, 'x').slice(0, -1);
    return [...this.objects.keys()]
      .filter((key) => key.startsWith(folder))
      .sort((a, b) => a.localeCompare(b))
      .map((key) => this.inspect(key, startBytes)!);
  }
  async head(orderId: string, filename: string, startBytes: number) {
    return this.inspect(orderFileKey(orderId, filename), startBytes);
  }
  async incoming(orderId: string, filename: string, startBytes: number) {
    return this.inspect(incomingFileKey(orderId, filename), startBytes);
  }
  async attach(orderId: string, filename: string, revision: InspectedOrderFile['revision']) {
    const from = incomingFileKey(orderId, filename);
    const upload = this.objects.get(from);
    if (!upload || upload.etag !== revision.etag) return false;
    this.objects.set(orderFileKey(orderId, filename), upload);
    this.objects.delete(from);
    return true;
  }
  async removeIncoming(orderId: string, filename: string) {
    this.objects.delete(incomingFileKey(orderId, filename));
  }
  async remove(orderId: string, filename: string) {
    this.objects.delete(orderFileKey(orderId, filename));
  }
  async removeAll(orderId: string) {
    const folders = [orderFileKey(orderId, 'x').slice(0, -1), incomingFileKey(orderId, 'x').slice(0, -1)];
    for (const key of [...this.objects.keys()]) if (folders.some((f) => key.startsWith(f))) this.objects.delete(key);
  }
}
