/** In-memory fakes of the attachment ports (order access, the object store), same rules as the adapters. */
import type { OrderAccess, OrderOwner } from '../../lambdas/ports/order-access';
import {
  orderFileKey,
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

/** Signed URLs are readable records of what was signed: `fake://put/{key}?...`. */
export class InMemoryOrderFiles implements OrderFiles {
  readonly objects = new Map<string, StoredOrderFile>();
  readonly signedUploads: (OrderFileUpload & { expiresIn: number })[] = [];
  readonly signedDownloads: (OrderFileDownload & { expiresIn: number })[] = [];

  /** Stores a file as a completed PUT would. */
  put(orderId: string, filename: string, contentType = 'application/pdf', size = 1000) {
    const key = orderFileKey(orderId, filename);
    const name = key.slice(key.lastIndexOf('/') + 1);
    this.objects.set(key, { filename: name, size, contentType, lastModified: '2025-01-02T03:04:05.000Z' });
  }

  async uploadUrl(upload: OrderFileUpload, expiresIn: number) {
    this.signedUploads.push({ ...upload, expiresIn });
    return `fake://put/${orderFileKey(upload.orderId, upload.filename)}?type=${upload.contentType}&size=${upload.size}`;
  }
  async downloadUrl(download: OrderFileDownload, expiresIn: number) {
    this.signedDownloads.push({ ...download, expiresIn });
    return `fake://get/${orderFileKey(download.orderId, download.filename)}?disposition=${download.disposition}`;
  }
  async list(orderId: string) {
    const folder = orderFileKey(orderId, 'x').slice(0, -1);
    return [...this.objects.entries()]
      .filter(([key]) => key.startsWith(folder))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, file]) => file);
  }
  async head(orderId: string, filename: string) {
    return this.objects.get(orderFileKey(orderId, filename)) ?? null;
  }
  async remove(orderId: string, filename: string) {
    this.objects.delete(orderFileKey(orderId, filename));
  }
  async removeAll(orderId: string) {
    for (const file of await this.list(orderId)) await this.remove(orderId, file.filename);
  }
}
