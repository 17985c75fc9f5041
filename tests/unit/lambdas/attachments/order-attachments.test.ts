import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import type { OrderStatus } from '../../../../core/rules/order-lifecycle';
import {
  ATTACHMENT_COUNT_MESSAGE,
  ATTACHMENT_LIMITS,
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
} from '../../../../core/schemas/attachments';
import { SIGNATURE_BYTES } from '../../../../core/rules/file-signatures';
import {
  confirmOrderFile,
  deleteOrderFile,
  FILE_GONE_MESSAGE,
  generateDownloadUrl,
  generateUploadUrl,
  listOrderFiles,
  ORDER_NOT_FOUND,
  orderAttachmentsOf,
  UPLOAD_CHANGED_MESSAGE,
  UPLOAD_MISSING_MESSAGE,
} from '../../../../lambdas/use-cases/orders/order-attachments';
import { failureOfKind } from '../../../support/failure-of';
import { FILE_STARTS, InMemoryOrderAccess, InMemoryAttachedFiles } from '../../../support/attachments-fakes';
import { identity } from '../../../support/identities';
import { InMemoryUsers } from '../../../support/in-memory-ports';
import { testUser } from '../../../support/test-directory';

const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER_ORDER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const customer = identity(['customer']);
const otherPracticeCustomer = identity(['customer'], { userId: 'user-other-practice' });
const secondAccountCustomer = identity(['customer'], { userId: 'user-second-account' });
const admin = identity(['admin']);

function setup(status: OrderStatus = 'draft') {
  const orders = new InMemoryOrderAccess();
  orders.rows.set(ORDER, { accountNumber: '10042', status, createdByUserId: customer.userId });
  orders.rows.set(OTHER_ORDER, {
    accountNumber: '20001',
    status: 'submitted',
    createdByUserId: otherPracticeCustomer.userId,
  });
  const users = new InMemoryUsers();
  const user = (userId: string, accountNumber: string | undefined, accountNumbers: string[]) =>
    users.rows.set(
      userId,
      testUser({ userId, email: `${userId}@example.test`, firstName: 'A', accountNumber, accountNumbers }),
    );
  user(customer.userId, '10042', []);
  user(otherPracticeCustomer.userId, '20001', []);
  // Linked to the order's account as an additional account only.
  user(secondAccountCustomer.userId, '30000', ['10042']);
  const files = new InMemoryAttachedFiles();
  return { orders, users, files };
}

const pdf = { orderId: ORDER, filename: 'topography.pdf', contentType: 'application/pdf', size: 2048 };

const failure = (promise: Promise<unknown>) => failureOfKind(promise, AppError);

describe('generateUploadUrl (spec 7)', () => {
  it('signs a PUT for the exact type and size under incoming/orders/{orderId}/{safe name}, living ATTACHMENT_LIMITS.urlSeconds', async () => {
    const deps = setup();
    const answer = await generateUploadUrl(customer, pdf, deps);
    // The key is where confirmOrderFile will attach it; the PUT itself lands outside the order's folder.
    expect(answer.key).toBe(`orders/${ORDER}/topography.pdf`);
    const { orderId, ...file } = pdf;
    expect(deps.files.signedUploads).toEqual([{ ownerId: orderId, ...file, expiresIn: ATTACHMENT_LIMITS.urlSeconds }]);
    expect(answer.url).toContain(`incoming/orders/${ORDER}/topography.pdf`);
    expect(ATTACHMENT_LIMITS.urlSeconds).toBeLessThanOrEqual(300);
  });

  it('keeps a path-traversal name inside the order: "../x.pdf" becomes "x.pdf" under the order', async () => {
    const deps = setup();
    const answer = await generateUploadUrl(customer, { ...pdf, filename: '../../orders/other/x.pdf' }, deps);
    expect(answer.key).toBe(`orders/${ORDER}/x.pdf`);
  });

  it('a user linked to the order account as an additional account may upload to a submitted order', async () => {
    const deps = setup('submitted');
    await expect(generateUploadUrl(secondAccountCustomer, pdf, deps)).resolves.toMatchObject({
      key: `orders/${ORDER}/topography.pdf`,
    });
  });

  it('another practice’s customer gets the same not-found as for an order that does not exist', async () => {
    const deps = setup('submitted');
    const foreign = await failure(generateUploadUrl(otherPracticeCustomer, pdf, deps));
    const missing = await failure(
      generateUploadUrl(customer, { ...pdf, orderId: '11111111-2222-3333-4444-555555555555' }, deps),
    );
    expect([foreign.status, foreign.message]).toEqual(['not-found', ORDER_NOT_FOUND]);
    expect([missing.status, missing.message]).toEqual(['not-found', ORDER_NOT_FOUND]);
    expect(deps.files.signedUploads).toEqual([]);
  });

  it('a customer without a user record gets not-found', async () => {
    const deps = setup('submitted');
    const stranger = identity(['customer'], { userId: 'no-record' });
    expect((await failure(generateUploadUrl(stranger, pdf, deps))).status).toBe('not-found');
  });

  it('a draft’s files are its creator’s only (as getOrder): a colleague of the same practice and an admin get not-found', async () => {
    const deps = setup('draft');
    for (const who of [secondAccountCustomer, admin]) {
      const error = await failure(generateUploadUrl(who, pdf, deps));
      expect([error.status, error.message]).toEqual(['not-found', ORDER_NOT_FOUND]);
      expect((await failure(listOrderFiles(who, { orderId: ORDER }, deps))).status).toBe('not-found');
    }
  });

  it('the creator of a draft who is no longer linked to its account gets not-found', async () => {
    const deps = setup('draft');
    deps.users.rows.set(customer.userId, { ...deps.users.rows.get(customer.userId)!, accountNumber: '99999' });
    expect((await failure(generateUploadUrl(customer, pdf, deps))).status).toBe('not-found');
  });

  it('refuses a type outside the allowlist with the allowlist message, before signing', async () => {
    const deps = setup();
    const error = await failure(
      generateUploadUrl(customer, { ...pdf, filename: 'run.exe', contentType: 'application/x-msdownload' }, deps),
    );
    expect([error.status, error.message]).toEqual(['invalid-argument', ATTACHMENT_TYPE_MESSAGE]);
    expect(deps.files.signedUploads).toEqual([]);
  });

  it('refuses an extension that does not match the declared type (a .exe sent as application/pdf)', async () => {
    const deps = setup();
    const error = await failure(generateUploadUrl(customer, { ...pdf, filename: 'report.pdf.exe' }, deps));
    expect(error.message).toBe(ATTACHMENT_TYPE_MESSAGE);
  });

  it('refuses a file over the 50 MB limit with the size message; exactly the limit is accepted', async () => {
    const deps = setup();
    const error = await failure(generateUploadUrl(customer, { ...pdf, size: ATTACHMENT_LIMITS.maxBytes + 1 }, deps));
    expect([error.status, error.message]).toEqual(['invalid-argument', ATTACHMENT_SIZE_MESSAGE]);
    await expect(generateUploadUrl(customer, { ...pdf, size: ATTACHMENT_LIMITS.maxBytes }, deps)).resolves.toBeTruthy();
  });

  it('refuses an empty file', async () => {
    const deps = setup();
    expect((await failure(generateUploadUrl(customer, { ...pdf, size: 0 }, deps))).message).toBe('This file is empty.');
  });

  it(`refuses an eleventh file (at most ${ATTACHMENT_LIMITS.maxFiles} per order) but lets a file of the same name be replaced`, async () => {
    const deps = setup();
    for (let i = 0; i < ATTACHMENT_LIMITS.maxFiles; i++) deps.files.put(ORDER, `scan-${i}.pdf`);
    const error = await failure(generateUploadUrl(customer, { ...pdf, filename: 'one-more.pdf' }, deps));
    expect([error.status, error.message]).toEqual(['invalid-argument', ATTACHMENT_COUNT_MESSAGE]);
    await expect(generateUploadUrl(customer, { ...pdf, filename: 'scan-3.pdf' }, deps)).resolves.toMatchObject({
      key: `orders/${ORDER}/scan-3.pdf`,
    });
  });

  it.each(['draft', 'submitted', 'on-hold'] as const)('a customer may upload while the order is %s', async (status) => {
    await expect(generateUploadUrl(customer, pdf, setup(status))).resolves.toBeTruthy();
  });

  it.each(['approved', 'closed', 'rejected', 'cancelled'] as const)(
    'a customer may not upload once the order is %s (permission-denied), an admin may',
    async (status) => {
      const deps = setup(status);
      const error = await failure(generateUploadUrl(customer, pdf, deps));
      expect(error.status).toBe('permission-denied');
      expect(error.message).toMatch(/can no longer be changed/);
      await expect(generateUploadUrl(admin, pdf, deps)).resolves.toBeTruthy();
    },
  );

  it('an admin may upload to any practice’s order', async () => {
    await expect(generateUploadUrl(admin, { ...pdf, orderId: OTHER_ORDER }, setup())).resolves.toBeTruthy();
  });
});

describe('listOrderFiles (spec 3 "File listing entry", spec 7)', () => {
  it('answers filename, size, contentType, lastModified, and an inline preview URL for images only (never PDFs)', async () => {
    const deps = setup('closed');
    deps.files.put(ORDER, 'map.png', 'image/png', 10);
    deps.files.put(ORDER, 'export.csv', 'text/csv', 20);
    deps.files.put(ORDER, 'report.pdf', 'application/pdf', 30);
    deps.files.put(OTHER_ORDER, 'not-mine.pdf');
    const { files } = await listOrderFiles(customer, { orderId: ORDER }, deps);
    expect(files.map((f) => f.filename)).toEqual(['export.csv', 'map.png', 'report.pdf']);
    expect(files[0]).toEqual({
      filename: 'export.csv',
      size: 20,
      contentType: 'text/csv',
      lastModified: '2025-01-02T03:04:05.000Z',
    });
    expect(files[1]?.previewUrl).toContain('disposition=inline');
    expect(files[2]?.previewUrl).toBeUndefined();
    expect(deps.files.signedDownloads.map((d) => [d.filename, d.disposition])).toEqual([['map.png', 'inline']]);
    expect(deps.files.signedDownloads.every((d) => d.expiresIn === ATTACHMENT_LIMITS.urlSeconds)).toBe(true);
  });

  it('leaves out a stored file whose first bytes do not fit its type (it is not attached), reading enough of each', async () => {
    const deps = setup('submitted');
    deps.files.put(ORDER, 'real.pdf');
    deps.files.put(ORDER, 'fake.pdf', 'application/pdf', 100, new TextEncoder().encode('<html><script>'));
    deps.files.put(ORDER, 'fake.png', 'image/png', 100, FILE_STARTS['application/pdf']);
    const { files } = await listOrderFiles(customer, { orderId: ORDER }, deps);
    expect(files.map((f) => f.filename)).toEqual(['real.pdf']);
    expect(deps.files.reads.every((bytes) => bytes === SIGNATURE_BYTES)).toBe(true);
    // The order's `attachments` are built from the same check.
    expect(await orderAttachmentsOf(ORDER, deps.files)).toEqual([
      { name: 'real.pdf', size: 1000, type: 'application/pdf' },
    ]);
  });

  it('another practice’s customer gets not-found', async () => {
    const deps = setup('submitted');
    deps.files.put(ORDER, 'report.pdf');
    const error = await failure(listOrderFiles(otherPracticeCustomer, { orderId: ORDER }, deps));
    expect([error.status, error.message]).toEqual(['not-found', ORDER_NOT_FOUND]);
  });
});

describe('generateDownloadUrl (spec 7)', () => {
  it('signs a GET that downloads as an attachment (PDFs too), whatever the order status', async () => {
    const deps = setup('closed');
    deps.files.put(ORDER, 'report.pdf');
    const { url } = await generateDownloadUrl(customer, { orderId: ORDER, filename: 'report.pdf' }, deps);
    expect(url).toBe(`fake://get/orders/${ORDER}/report.pdf?disposition=attachment`);
    expect(deps.files.signedDownloads[0]).toMatchObject({ contentType: 'application/pdf', expiresIn: 300 });
  });

  it('a file no longer there is a 409 "reload" (not a 404, which would log the user out)', async () => {
    const deps = setup();
    const error = await failure(generateDownloadUrl(customer, { orderId: ORDER, filename: 'gone.pdf' }, deps));
    expect([error.status, error.message]).toEqual(['aborted', FILE_GONE_MESSAGE]);
  });

  it('a stored file whose bytes do not fit its type is not offered for download', async () => {
    const deps = setup();
    deps.files.put(ORDER, 'fake.pdf', 'application/pdf', 100, new TextEncoder().encode('MZ\x90\x00'));
    const error = await failure(generateDownloadUrl(customer, { orderId: ORDER, filename: 'fake.pdf' }, deps));
    expect(error.status).toBe('aborted');
    expect(deps.files.signedDownloads).toEqual([]);
  });

  it('another practice’s customer gets not-found, even for a file that exists', async () => {
    const deps = setup('submitted');
    deps.files.put(ORDER, 'report.pdf');
    const error = await failure(
      generateDownloadUrl(otherPracticeCustomer, { orderId: ORDER, filename: 'report.pdf' }, deps),
    );
    expect(error.status).toBe('not-found');
    expect(deps.files.signedDownloads).toEqual([]);
  });
});

describe('deleteOrderFile (spec 7)', () => {
  it('removes the file and answers success; a second delete of the same file succeeds too', async () => {
    const deps = setup('submitted');
    deps.files.put(ORDER, 'report.pdf');
    await expect(deleteOrderFile(customer, { orderId: ORDER, filename: 'report.pdf' }, deps)).resolves.toEqual({
      success: true,
    });
    expect(await deps.files.list(ORDER, 1)).toEqual([]);
    await expect(deleteOrderFile(customer, { orderId: ORDER, filename: 'report.pdf' }, deps)).resolves.toEqual({
      success: true,
    });
  });

  it('a customer may not delete once the order is approved; an admin may', async () => {
    const deps = setup('approved');
    deps.files.put(ORDER, 'report.pdf');
    expect((await failure(deleteOrderFile(customer, { orderId: ORDER, filename: 'report.pdf' }, deps))).status).toBe(
      'permission-denied',
    );
    expect(await deps.files.list(ORDER, 1)).toHaveLength(1);
    await deleteOrderFile(admin, { orderId: ORDER, filename: 'report.pdf' }, deps);
    expect(await deps.files.list(ORDER, 1)).toEqual([]);
  });

  it('another practice’s customer gets not-found and the file stays', async () => {
    const deps = setup('submitted');
    deps.files.put(ORDER, 'report.pdf');
    const error = await failure(
      deleteOrderFile(otherPracticeCustomer, { orderId: ORDER, filename: 'report.pdf' }, deps),
    );
    expect(error.status).toBe('not-found');
    expect(await deps.files.list(ORDER, 1)).toHaveLength(1);
  });

  it('a traversal name deletes only within the order: "../{other}/x.pdf" targets this order’s x.pdf', async () => {
    const deps = setup();
    deps.files.put(OTHER_ORDER, 'x.pdf');
    await deleteOrderFile(customer, { orderId: ORDER, filename: `../${OTHER_ORDER}/x.pdf` }, deps);
    expect(await deps.files.list(OTHER_ORDER, 1)).toHaveLength(1);
  });
});

describe('confirmOrderFile: a file is attached only once the server has read its first bytes', () => {
  const upload = (
    deps: ReturnType<typeof setup>,
    filename = 'topography.pdf',
    bytes = FILE_STARTS['application/pdf']!,
  ) => deps.files.putIncoming(ORDER, filename, 'application/pdf', bytes);

  it('an upload is not attached until confirmed: not listed, not in the order’s attachments', async () => {
    const deps = setup();
    await generateUploadUrl(customer, pdf, deps);
    upload(deps);
    expect((await listOrderFiles(customer, { orderId: ORDER }, deps)).files).toEqual([]);
    expect(await orderAttachmentsOf(ORDER, deps.files)).toEqual([]);
  });

  it('attaches an upload whose first bytes fit its type: moved into the order’s folder and listed', async () => {
    const deps = setup();
    upload(deps);
    const { file } = await confirmOrderFile(customer, { orderId: ORDER, filename: 'topography.pdf' }, deps);
    expect(file).toMatchObject({ filename: 'topography.pdf', contentType: 'application/pdf' });
    expect(file.previewUrl).toBeUndefined();
    expect([...deps.files.objects.keys()]).toEqual([`orders/${ORDER}/topography.pdf`]);
    expect((await listOrderFiles(customer, { orderId: ORDER }, deps)).files.map((f) => f.filename)).toEqual([
      'topography.pdf',
    ]);
  });

  it.each([
    ['an HTML page', 'application/pdf', 'page.pdf', '<html><script>alert(1)</script>', 'PDF'],
    ['a Windows executable', 'image/png', 'scan.png', 'MZ\x90\x00\x03', 'PNG image'],
    ['a PDF', 'image/jpeg', 'photo.jpg', '%PDF-1.4', 'JPEG image'],
    ['a ZIP archive', 'text/csv', 'export.csv', 'PK\x03\x04', 'CSV file'],
  ])('refuses %s sent as %s (400, says which type) and removes the upload', async (_what, type, name, body, label) => {
    const deps = setup();
    deps.files.putIncoming(ORDER, name, type, new TextEncoder().encode(body));
    const error = await failure(confirmOrderFile(customer, { orderId: ORDER, filename: name }, deps));
    expect(error.status).toBe('invalid-argument');
    expect(error.message).toBe(`The contents of ${name} are not a ${label}. Attach the original file as exported.`);
    expect(deps.files.objects.size).toBe(0);
  });

  it('an upload that never arrived is a 409 (not a 404, which would log the user out)', async () => {
    const deps = setup();
    const error = await failure(confirmOrderFile(customer, { orderId: ORDER, filename: 'topography.pdf' }, deps));
    expect([error.status, error.message]).toEqual(['aborted', UPLOAD_MISSING_MESSAGE]);
  });

  it('an upload replaced between the check and the move is not attached (the bytes checked are the bytes kept)', async () => {
    const deps = setup();
    upload(deps);
    const attach = deps.files.attach.bind(deps.files);
    deps.files.attach = async (orderId, filename, revision) => {
      // Another PUT to the same URL lands after the server read the first bytes.
      upload(deps, 'topography.pdf', new TextEncoder().encode('<html>'));
      return attach(orderId, filename, revision);
    };
    const error = await failure(confirmOrderFile(customer, { orderId: ORDER, filename: 'topography.pdf' }, deps));
    expect([error.status, error.message]).toEqual(['aborted', UPLOAD_CHANGED_MESSAGE]);
    expect(await deps.files.list(ORDER, 1)).toEqual([]);
  });

  it.each(['approved', 'closed', 'rejected', 'cancelled'] as const)(
    'an upload URL obtained while the files could change attaches nothing once the order is %s; the upload is removed',
    async (status) => {
      const deps = setup('submitted');
      await generateUploadUrl(customer, pdf, deps);
      upload(deps);
      deps.orders.rows.set(ORDER, { ...deps.orders.rows.get(ORDER)!, status });
      const error = await failure(confirmOrderFile(customer, { orderId: ORDER, filename: 'topography.pdf' }, deps));
      expect(error.status).toBe('permission-denied');
      expect(deps.files.objects.size).toBe(0);
    },
  );

  it('an admin may attach to an order at any status', async () => {
    const deps = setup('closed');
    upload(deps);
    await expect(confirmOrderFile(admin, { orderId: ORDER, filename: 'topography.pdf' }, deps)).resolves.toBeTruthy();
  });

  it(`counts again at confirmation: an eleventh file is refused and removed, a same-name replacement is not`, async () => {
    const deps = setup();
    for (let i = 0; i < ATTACHMENT_LIMITS.maxFiles; i++) deps.files.put(ORDER, `scan-${i}.pdf`);
    upload(deps, 'one-more.pdf');
    const error = await failure(confirmOrderFile(customer, { orderId: ORDER, filename: 'one-more.pdf' }, deps));
    expect(error.message).toBe(ATTACHMENT_COUNT_MESSAGE);
    expect(await deps.files.incoming(ORDER, 'one-more.pdf', 1)).toBeNull();
    upload(deps, 'scan-3.pdf');
    await expect(confirmOrderFile(customer, { orderId: ORDER, filename: 'scan-3.pdf' }, deps)).resolves.toBeTruthy();
  });

  it('another practice’s customer gets not-found and the upload stays untouched', async () => {
    const deps = setup('submitted');
    upload(deps);
    const error = await failure(
      confirmOrderFile(otherPracticeCustomer, { orderId: ORDER, filename: 'topography.pdf' }, deps),
    );
    expect([error.status, error.message]).toEqual(['not-found', ORDER_NOT_FOUND]);
    expect(await deps.files.incoming(ORDER, 'topography.pdf', 1)).not.toBeNull();
  });
});
