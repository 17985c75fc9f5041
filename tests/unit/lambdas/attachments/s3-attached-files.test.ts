import { beforeAll, describe, expect, it } from 'vitest';
import { CONSULT_FILES, ORDER_FILES, type AttachedFiles } from '../../../../lambdas/ports/attached-files';
import { stubLocalS3Env } from '../../../support/fake-aws-service';

/** Presigning needs no network: the URLs are checked as signed, offline. */
let files: AttachedFiles;
let consultFiles: AttachedFiles;
beforeAll(async () => {
  stubLocalS3Env();
  const { s3AttachedFiles } = await import('../../../../lambdas/adapters/s3-attached-files');
  files = s3AttachedFiles(ORDER_FILES);
  consultFiles = s3AttachedFiles(CONSULT_FILES);
});

const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('S3 attached files adapter: presigned URLs', () => {
  it('signs the PUT with Content-Type and Content-Length, for the incoming key built from the safe name, for 300 s', async () => {
    const url = new URL(
      await files.uploadUrl({ ownerId: ORDER, filename: '../x.pdf', contentType: 'application/pdf', size: 1234 }, 300),
    );
    // Not the order's folder: a PUT lands in incoming/orders/ and only confirmOrderFile moves it.
    expect(url.pathname).toBe(`/lab-attachments/incoming/orders/${ORDER}/x.pdf`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    // No checksum the browser could not send (requestChecksumCalculation WHEN_REQUIRED).
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);
  });

  it('signs a GET that answers Content-Disposition attachment with the quoted safe file name', async () => {
    const url = new URL(
      await files.downloadUrl(
        { ownerId: ORDER, filename: 'Pentacam "OD".pdf', disposition: 'attachment', contentType: 'application/pdf' },
        300,
      ),
    );
    expect(url.pathname).toBe(`/lab-attachments/orders/${ORDER}/Pentacam _OD_.pdf`.replace(/ /g, '%20'));
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="Pentacam _OD_.pdf"');
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  });

  it('signs previews as inline', async () => {
    const url = new URL(
      await files.downloadUrl(
        { ownerId: ORDER, filename: 'map.png', disposition: 'inline', contentType: 'image/png' },
        300,
      ),
    );
    expect(url.searchParams.get('response-content-disposition')).toBe('inline; filename="map.png"');
  });

  it("keeps a consult's files apart from orders': uploads below incoming/consults/, downloads below consults/", async () => {
    const put = new URL(
      await consultFiles.uploadUrl({ ownerId: ORDER, filename: 'oct.png', contentType: 'image/png', size: 10 }, 300),
    );
    expect(put.pathname).toBe(`/lab-attachments/incoming/consults/${ORDER}/oct.png`);
    const get = new URL(
      await consultFiles.downloadUrl(
        { ownerId: ORDER, filename: 'oct.png', disposition: 'attachment', contentType: 'image/png' },
        300,
      ),
    );
    expect(get.pathname).toBe(`/lab-attachments/consults/${ORDER}/oct.png`);
  });
});
