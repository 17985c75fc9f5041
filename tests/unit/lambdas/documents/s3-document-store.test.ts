import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../../../lambdas/ports/document-store';
import { stubLocalS3Env } from '../../../support/fake-aws-service';

/** Presigning needs no network: the URL is checked as signed, offline. */
let store: DocumentStore;
beforeAll(async () => {
  stubLocalS3Env();
  store = (await import('../../../../lambdas/adapters/s3-document-store')).s3DocumentStore();
});

describe('S3 document store: presigned downloads', () => {
  it('signs a GET below documents/ that downloads as an attachment with the file name, for 300 s', async () => {
    const url = new URL(await store.downloadUrl('documents/invoices/BV-1001/INV-1-v2.pdf', 'INV-1.pdf', 300));
    expect(url.pathname).toBe('/lab-attachments/documents/invoices/BV-1001/INV-1-v2.pdf');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="INV-1.pdf"');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  });

  it('refuses keys outside the documents prefix', async () => {
    await expect(store.downloadUrl('orders/123/file.pdf', 'x.pdf', 300)).rejects.toThrow(/documents/);
    await expect(store.put('documents/../orders/x', new Uint8Array(), 'application/pdf', 'x.pdf')).rejects.toThrow(
      /documents/,
    );
  });
});
