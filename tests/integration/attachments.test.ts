import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS, ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE } from '../../core/schemas/attachments';
import type { OrderStatus } from '../../core/rules/order-lifecycle';
import { caller } from '../support/api-call';
import { putRow } from '../support/dynamo-rows';
import { signInDemoUser } from './helpers/demo-users';

/**
 * Issue 5 item 3, attachments through the local gateway and s3rver: presigned PUT and GET with fetch, the
 * listing, delete, and refusals (another practice, bad names, too large, wrong type). Orders are written
 * straight into the orders table for the demo practice BV-1001 (the demo customer's main account).
 */
type Api = ReturnType<typeof caller>;
let practice: Api;
let otherPractice: Api;
let lab: Api;
/** The demo customer's user id (the token's subject): the creator of the test orders. */
let customerId: string;

beforeAll(async () => {
  const [customer, second, admin] = await Promise.all([
    signInDemoUser('customer'),
    signInDemoUser('secondPractice'),
    signInDemoUser('admin'),
  ]);
  practice = caller(urls.api, customer.IdToken);
  customerId = (JSON.parse(Buffer.from(customer.IdToken.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;
  otherPractice = caller(urls.api, second.IdToken);
  lab = caller(urls.api, admin.IdToken);
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

async function upload(api: Api, orderId: string, filename: string, body: string, contentType = 'application/pdf') {
  const signed = await api('generateUploadUrl', { orderId, filename, contentType, size: Buffer.byteLength(body) });
  expect(signed.status).toBe(200);
  const put = await fetch(signed.body.result.url, { method: 'PUT', headers: { 'content-type': contentType }, body });
  expect(put.status).toBe(200);
  return signed.body.result as { url: string; key: string };
}

describe('attachments: presigned PUT and GET through S3 (spec 7)', () => {
  it('uploads with the presigned PUT, lists the file (spec 3 listing entry) and downloads it as an attachment', async () => {
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
        previewUrl: expect.stringContaining('response-content-disposition=inline'),
      },
    ]);

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
    await upload(practice, orderId, 'a.pdf', 'first');
    await upload(practice, orderId, 'b.pdf', 'second');
    const deleted = await practice('deleteOrderFile', { orderId, filename: 'a.pdf' });
    expect(deleted.body).toEqual({ result: { success: true } });
    const listed = await practice('listOrderFiles', { orderId });
    expect(listed.body.result.files.map((f: { filename: string }) => f.filename)).toEqual(['b.pdf']);
    const stale = await practice('generateDownloadUrl', { orderId, filename: 'a.pdf' });
    expect(stale.status).toBe(409);
  });
});

describe('attachments: only the order’s practice and the lab (issue 5 item 3)', () => {
  it('another practice’s customer gets not-found on every route, and nothing changes', async () => {
    const orderId = await order('submitted');
    await upload(practice, orderId, 'mine.pdf', 'private');
    const answers = await Promise.all([
      otherPractice('generateUploadUrl', { orderId, filename: 'x.pdf', contentType: 'application/pdf', size: 3 }),
      otherPractice('listOrderFiles', { orderId }),
      otherPractice('generateDownloadUrl', { orderId, filename: 'mine.pdf' }),
      otherPractice('deleteOrderFile', { orderId, filename: 'mine.pdf' }),
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
    const { key } = await upload(practice, orderId, '../x.pdf', 'traversal');
    expect(key).toBe(`orders/${orderId}/x.pdf`);
    const listed = await practice('listOrderFiles', { orderId });
    expect(listed.body.result.files.map((f: { filename: string }) => f.filename)).toEqual(['x.pdf']);
    const download = await practice('generateDownloadUrl', { orderId, filename: '../x.pdf' });
    expect(await (await fetch(download.body.result.url)).text()).toBe('traversal');
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
