import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS, ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE } from '../../core/schemas/attachments';
import type { OrderStatus } from '../../core/rules/order-lifecycle';
import { caller } from '../support/api-call';
import { getRow, putLensDesign, putRow } from '../support/dynamo-rows';
import { testDesign } from '../support/order-fakes';
import { signInPracticesAndLab, type Tokens } from './helpers/demo-users';

/**
 * Attachments through the local gateway and s3rver: presigned PUT and GET with fetch, the
 * listing, delete, and refusals (another practice, bad names, too large, wrong type). Orders are written
 * straight into the orders table for the demo practice BV-1001 (the demo customer's main account).
 */
type Api = ReturnType<typeof caller>;
let practice: Api;
let otherPractice: Api;
let lab: Api;
/** The demo customer's user id (the token's subject): the creator of the test orders. */
let customerId: string;
const s3 = new S3Client({ forcePathStyle: true });

beforeAll(async () => {
  let customer: Tokens;
  ({ practice, otherPractice, lab, customer } = await signInPracticesAndLab(urls.api));
  customerId = (JSON.parse(Buffer.from(customer.IdToken.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;
});

async function order(status: OrderStatus = 'draft', accountNumber = 'BV-1001') {
  const orderId = randomUUID();
  const now = new Date().toISOString();
  await putRow('orders', {
    orderId,
    orderNumber: null,
    accountNumber,
    status,
    patient: 'Patient A',
    lines: [],
    attachments: [],
    history: [],
    createdBy: { userId: customerId, name: 'Demo Fitter' },
    createdAt: now,
    statusAt: now,
    updatedAt: now,
    version: 0,
  });
  return orderId;
}

/** The presigned PUT only: the file sits in incoming/ until confirmOrderFile checks it. */
async function put(api: Api, orderId: string, filename: string, body: string, contentType = 'application/pdf') {
  const signed = await api('generateUploadUrl', { orderId, filename, contentType, size: Buffer.byteLength(body) });
  expect(signed.status).toBe(200);
  const sent = await fetch(signed.body.result.url, { method: 'PUT', headers: { 'content-type': contentType }, body });
  expect(sent.status).toBe(200);
  return signed.body.result as { url: string; key: string };
}

/** What the web does: the PUT, then confirmOrderFile, which attaches the file. */
/** The lab moving the order on, as approveOrder would (only the status matters to the file rules). */
async function updateStatus(orderId: string, status: OrderStatus) {
  const row = await getRow('orders', { orderId });
  await putRow('orders', { ...row, status });
}

async function upload(api: Api, orderId: string, filename: string, body: string, contentType = 'application/pdf') {
  const signed = await put(api, orderId, filename, body, contentType);
  const confirmed = await api('confirmOrderFile', { orderId, filename });
  expect(confirmed.status).toBe(200);
  return signed;
}

/** Every key S3 holds for the order, attached or incoming. */
async function storedKeys(orderId: string) {
  const keys: string[] = [];
  for (const prefix of [`orders/${orderId}/`, `incoming/orders/${orderId}/`]) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: process.env['ATTACHMENTS_BUCKET'], Prefix: prefix }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
  }
  return keys.sort();
}

describe('attachments: presigned PUT and GET through S3 (spec 7)', () => {
  it('uploads with the presigned PUT, attaches it, lists it (spec 3 listing entry) and downloads it as an attachment', async () => {
    const orderId = await order();
    const { key, url } = await upload(practice, orderId, 'Pentacam OD.pdf', '%PDF-1.4 topography');
    expect(key).toBe(`orders/${orderId}/Pentacam OD.pdf`);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(ATTACHMENT_LIMITS.urlSeconds));

    const listed = await practice('listOrderFiles', { orderId });
    expect(listed.status).toBe(200);
    expect(listed.body.result.files).toEqual([
      {
        filename: 'Pentacam OD.pdf',
        size: 19,
        contentType: 'application/pdf',
        lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // A PDF is never shown inline (it would run in the bucket's origin): no preview URL.
    expect(listed.body.result.files[0].previewUrl).toBeUndefined();

    const download = await practice('generateDownloadUrl', { orderId, filename: 'Pentacam OD.pdf' });
    expect(download.status).toBe(200);
    const got = await fetch(download.body.result.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="Pentacam OD.pdf"');
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(await got.text()).toBe('%PDF-1.4 topography');
  });

  it('an admin lists and downloads a practice’s file too', async () => {
    const orderId = await order('approved');
    // The practice can no longer upload to an approved order; the lab can.
    await upload(lab, orderId, 'lab-note.txt', 'remake with flatter BC', 'text/plain');
    const listed = await lab('listOrderFiles', { orderId });
    expect(listed.body.result.files.map((f: { filename: string }) => f.filename)).toEqual(['lab-note.txt']);
    expect(listed.body.result.files[0].previewUrl).toBeUndefined();
    const download = await practice('generateDownloadUrl', { orderId, filename: 'lab-note.txt' });
    expect(await (await fetch(download.body.result.url)).text()).toBe('remake with flatter BC');
  });

  it('deleteOrderFile removes the file from S3', async () => {
    const orderId = await order('submitted');
    await upload(practice, orderId, 'a.pdf', '%PDF-1.4 first');
    await upload(practice, orderId, 'b.pdf', '%PDF-1.4 second');
    const deleted = await practice('deleteOrderFile', { orderId, filename: 'a.pdf' });
    expect(deleted.body).toEqual({ result: { success: true } });
    const listed = await practice('listOrderFiles', { orderId });
    expect(listed.body.result.files.map((f: { filename: string }) => f.filename)).toEqual(['b.pdf']);
    const stale = await practice('generateDownloadUrl', { orderId, filename: 'a.pdf' });
    expect(stale.status).toBe(409);
  });
});

describe('attachments: only the order’s practice and the lab', () => {
  it('another practice’s customer gets not-found on every route, and nothing changes', async () => {
    const orderId = await order('submitted');
    await upload(practice, orderId, 'mine.pdf', '%PDF-1.4 private');
    const answers = await Promise.all([
      otherPractice('generateUploadUrl', { orderId, filename: 'x.pdf', contentType: 'application/pdf', size: 3 }),
      otherPractice('listOrderFiles', { orderId }),
      otherPractice('generateDownloadUrl', { orderId, filename: 'mine.pdf' }),
      otherPractice('deleteOrderFile', { orderId, filename: 'mine.pdf' }),
      otherPractice('confirmOrderFile', { orderId, filename: 'mine.pdf' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ status: 'not-found', message: 'Order not found' });
    }
    // The same answer as for an order that does not exist.
    const missing = await practice('listOrderFiles', { orderId: randomUUID() });
    expect(missing.body.error).toMatchObject({ status: 'not-found', message: 'Order not found' });
    const listed = await practice('listOrderFiles', { orderId });
    expect(listed.body.result.files).toHaveLength(1);
  });

  it('a draft’s files are its creator’s only: the lab gets not-found until it is submitted (as getOrder)', async () => {
    const orderId = await order('draft');
    expect((await lab('listOrderFiles', { orderId })).status).toBe(404);
    expect((await practice('listOrderFiles', { orderId })).status).toBe(200);
  });

  it('a customer cannot change files once the order is approved (403)', async () => {
    const orderId = await order('approved');
    const answer = await practice('generateUploadUrl', {
      orderId,
      filename: 'late.pdf',
      contentType: 'application/pdf',
      size: 3,
    });
    expect(answer.status).toBe(403);
  });
});

describe('attachments: bad input is refused with clear messages', () => {
  it('a path-traversal name "../x.pdf" is stored as "x.pdf" under the order', async () => {
    const orderId = await order();
    const { key } = await upload(practice, orderId, '../x.pdf', '%PDF-1.4 traversal');
    expect(key).toBe(`orders/${orderId}/x.pdf`);
    const listed = await practice('listOrderFiles', { orderId });
    expect(listed.body.result.files.map((f: { filename: string }) => f.filename)).toEqual(['x.pdf']);
    const download = await practice('generateDownloadUrl', { orderId, filename: '../x.pdf' });
    expect(await (await fetch(download.body.result.url)).text()).toBe('%PDF-1.4 traversal');
  });

  it('a file over 50 MB is refused before any URL is signed', async () => {
    const orderId = await order();
    const answer = await practice('generateUploadUrl', {
      orderId,
      filename: 'huge.zip',
      contentType: 'application/zip',
      size: ATTACHMENT_LIMITS.maxBytes + 1,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ status: 'invalid-argument', message: ATTACHMENT_SIZE_MESSAGE });
  });

  it('a type outside the allowlist, or an extension that does not match, is refused', async () => {
    const orderId = await order();
    for (const [filename, contentType] of [
      ['setup.exe', 'application/x-msdownload'],
      ['page.html', 'text/html'],
      ['invoice.pdf.exe', 'application/pdf'],
    ]) {
      const answer = await practice('generateUploadUrl', { orderId, filename, contentType, size: 10 });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(ATTACHMENT_TYPE_MESSAGE);
    }
  });

  it('a malformed order id or an empty file name is a 400, never a 5xx', async () => {
    const badId = await practice('listOrderFiles', { orderId: '../../etc' });
    expect(badId.status).toBe(400);
    const emptyName = await practice('generateDownloadUrl', { orderId: randomUUID(), filename: '' });
    expect(emptyName.status).toBe(400);
  });
});

describe('attachments: a file counts only once the server has read its first bytes', () => {
  it('an upload that was PUT but not confirmed is not listed, not downloadable, and lands outside the order’s folder', async () => {
    const orderId = await order();
    const { url } = await put(practice, orderId, 'pending.pdf', '%PDF-1.4 pending');
    expect(new URL(url).pathname).toContain(`/incoming/orders/${orderId}/pending.pdf`);
    expect((await practice('listOrderFiles', { orderId })).body.result.files).toEqual([]);
    expect((await practice('generateDownloadUrl', { orderId, filename: 'pending.pdf' })).status).toBe(409);
    expect(await storedKeys(orderId)).toEqual([`incoming/orders/${orderId}/pending.pdf`]);
  });

  it('confirmOrderFile refuses an HTML page sent as a PDF with a 400 naming the type, and removes it', async () => {
    const orderId = await order();
    await put(practice, orderId, 'report.pdf', '<html><script>alert(document.cookie)</script></html>');
    const answer = await practice('confirmOrderFile', { orderId, filename: 'report.pdf' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      status: 'invalid-argument',
      message: 'The contents of report.pdf are not a PDF. Attach the original file as exported.',
    });
    expect(await storedKeys(orderId)).toEqual([]);
  });

  it('an upload URL obtained while the order was on hold attaches nothing once the lab has approved it', async () => {
    const orderId = await order('on-hold');
    await put(practice, orderId, 'late.pdf', '%PDF-1.4 late');
    await updateStatus(orderId, 'approved');
    const answer = await practice('confirmOrderFile', { orderId, filename: 'late.pdf' });
    expect(answer.status).toBe(403);
    expect(await storedKeys(orderId)).toEqual([]);
  });

  it('submitOrder stores the attachments found in storage, not the list the request carries', async () => {
    const orderId = randomUUID();
    const saved = await practice('saveOrderDraft', {
      orderId,
      accountNumber: 'BV-1001',
      draft: { patient: 'Patient B', attachments: [{ name: 'invented.pdf', size: 1, type: 'application/pdf' }] },
    });
    expect(saved.status).toBe(200);
    await upload(practice, orderId, 'Pentacam OS.pdf', '%PDF-1.4 OS map');
    const draft = await practice('getOrder', { orderId });
    expect(draft.body.result.attachments).toEqual([]);
    const lensId = `it-attach-${randomUUID().slice(0, 8)}`;
    await putLensDesign(testDesign({ lensId }));
    const submitted = await practice('submitOrder', {
      orderId,
      accountNumber: 'BV-1001',
      order: {
        patient: 'Patient B',
        lines: [{ eye: 'OS', lensId, parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
        shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
        attachments: [{ name: 'invented.pdf', size: 1, type: 'application/pdf' }],
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.result.attachments).toEqual([
      { name: 'Pentacam OS.pdf', size: Buffer.byteLength('%PDF-1.4 OS map'), type: 'application/pdf' },
    ]);
  });

  it('discarding a draft removes its attached files and its unconfirmed uploads from storage', async () => {
    const orderId = await order('draft');
    await upload(practice, orderId, 'kept.pdf', '%PDF-1.4 kept');
    await put(practice, orderId, 'pending.pdf', '%PDF-1.4 pending');
    expect(await storedKeys(orderId)).toHaveLength(2);
    const discarded = await practice('discardOrderDraft', { orderId });
    expect(discarded.body.result).toEqual({ discarded: true });
    expect(await storedKeys(orderId)).toEqual([]);
  });

  it('the abandoned-drafts job removes the files of a draft untouched for 30 days, against the emulators', async () => {
    const { dynamoOrdersRepository } = await import('../../lambdas/adapters/dynamo-orders-repository');
    const { s3AttachedFiles } = await import('../../lambdas/adapters/s3-attached-files');
    const { ORDER_FILES } = await import('../../lambdas/ports/attached-files');
    const { removeAbandonedDraftFiles } = await import('../../lambdas/use-cases/orders/abandoned-draft-files');
    const orderId = await order('draft');
    await upload(practice, orderId, 'old.pdf', '%PDF-1.4 old');
    const orders = dynamoOrdersRepository();
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const report = await removeAbandonedDraftFiles({
      // The real byStatus query, narrowed to this test's draft: other tests' drafts share the tables.
      orders: {
        listByStatus: async (query) => {
          const page = await orders.listByStatus(query);
          return { ...page, items: page.items.filter((o) => o.orderId === orderId) };
        },
      },
      files: s3AttachedFiles(ORDER_FILES),
      log: { info: () => {}, warn: () => {} },
      now: () => later,
    });
    expect(report).toMatchObject({ draftsCleared: 1, filesRemoved: 1, failed: 0 });
    expect(await storedKeys(orderId)).toEqual([]);
  });
});
