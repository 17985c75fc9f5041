import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSULT_NOT_FOUND, type ConsultStatus } from '../../core/schemas/consult';
import { consultFilesLockedMessage } from '../../lambdas/use-cases/consults/consult-files';
import { caller } from '../support/api-call';
import { aConsult, aPublicConsult } from '../support/consult-fixtures';
import { getRow, putRow } from '../support/dynamo-rows';
import { signInPracticesAndLab } from './helpers/demo-users';

/**
 * A consult's files through the local gateway and s3rver: the order attachment rules (presigned PUT, confirm,
 * list, download, delete) under consults/{consultId}/, for the consult's practice while the lab has not
 * answered; the lab reads them; everyone else gets not-found. Consults are written straight into the
 * consults table for the demo practice BV-1001.
 */
type Api = ReturnType<typeof caller>;
let practice: Api;
let otherPractice: Api;
let lab: Api;
const s3 = new S3Client({ forcePathStyle: true });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  ({ practice, otherPractice, lab } = await signInPracticesAndLab(urls.api));
});

async function consult(status: ConsultStatus = 'new') {
  const consultId = randomUUID();
  await putRow('consults', aConsult({ consultId, accountNumber: 'BV-1001', status }));
  return consultId;
}

async function put(api: Api, consultId: string, filename: string, body: Buffer | string, contentType: string) {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const signed = await api('generateConsultUploadUrl', { consultId, filename, contentType, size });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const sent = await fetch(signed.body.result.url, { method: 'PUT', headers: { 'content-type': contentType }, body });
  expect(sent.status).toBe(200);
  return signed.body.result as { url: string; key: string };
}

async function storedKeys(consultId: string) {
  const keys: string[] = [];
  for (const prefix of [`consults/${consultId}/`, `incoming/consults/${consultId}/`, `orders/${consultId}/`]) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: process.env['ATTACHMENTS_BUCKET'], Prefix: prefix }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
  }
  return keys.sort();
}

describe('consult files: the practice’s round trip', () => {
  it('upload -> confirm -> list -> download -> delete, under consults/{consultId}/', async () => {
    const consultId = await consult();
    const { url, key } = await put(practice, consultId, 'edge lift 6h.png', PNG, 'image/png');
    expect(new URL(url).pathname).toContain(`/incoming/consults/${consultId}/edge%20lift%206h.png`);
    expect(key).toBe(`consults/${consultId}/edge lift 6h.png`);

    const confirmed = await practice('confirmConsultFile', { consultId, filename: 'edge lift 6h.png' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await storedKeys(consultId)).toEqual([`consults/${consultId}/edge lift 6h.png`]);

    const listed = await practice('listConsultFiles', { consultId });
    expect(listed.body.result.files).toEqual([
      expect.objectContaining({ filename: 'edge lift 6h.png', size: PNG.length, contentType: 'image/png' }),
    ]);
    // An image gets an inline preview.
    expect(listed.body.result.files[0].previewUrl).toEqual(expect.any(String));

    const download = await practice('generateConsultDownloadUrl', { consultId, filename: 'edge lift 6h.png' });
    expect(download.status).toBe(200);
    const got = await fetch(download.body.result.url);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="edge lift 6h.png"');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);

    const deleted = await practice('deleteConsultFile', { consultId, filename: 'edge lift 6h.png' });
    expect(deleted.body).toEqual({ result: { success: true } });
    expect((await practice('listConsultFiles', { consultId })).body.result.files).toEqual([]);
    expect(await storedKeys(consultId)).toEqual([]);
  });

  it('the lab lists and downloads the practice’s files', async () => {
    const consultId = await consult();
    await put(practice, consultId, 'oct.pdf', '%PDF-1.4 OCT', 'application/pdf');
    await practice('confirmConsultFile', { consultId, filename: 'oct.pdf' });
    const listed = await lab('listConsultFiles', { consultId });
    expect(listed.body.result.files.map((f: { filename: string }) => f.filename)).toEqual(['oct.pdf']);
    const download = await lab('generateConsultDownloadUrl', { consultId, filename: 'oct.pdf' });
    expect(await (await fetch(download.body.result.url)).text()).toBe('%PDF-1.4 OCT');
  });

  it('an HTML page sent as a PDF is refused at confirmation and removed', async () => {
    const consultId = await consult();
    await put(practice, consultId, 'oct.pdf', '<html><script>alert(1)</script></html>', 'application/pdf');
    const answer = await practice('confirmConsultFile', { consultId, filename: 'oct.pdf' });
    expect(answer.status).toBe(400);
    expect(await storedKeys(consultId)).toEqual([]);
  });
});

describe('consult files: only the consult’s practice and the lab', () => {
  it('another practice gets not-found on every route, and nothing changes', async () => {
    const consultId = await consult();
    await put(practice, consultId, 'mine.pdf', '%PDF-1.4 private', 'application/pdf');
    await practice('confirmConsultFile', { consultId, filename: 'mine.pdf' });
    const file = { consultId, filename: 'mine.pdf' };
    const answers = await Promise.all([
      otherPractice('generateConsultUploadUrl', { ...file, contentType: 'application/pdf', size: 3 }),
      otherPractice('confirmConsultFile', file),
      otherPractice('listConsultFiles', { consultId }),
      otherPractice('generateConsultDownloadUrl', file),
      otherPractice('deleteConsultFile', file),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ status: 'not-found', message: CONSULT_NOT_FOUND });
    }
    expect(await storedKeys(consultId)).toEqual([`consults/${consultId}/mine.pdf`]);
  });

  it('a visitor’s consult (no account) has no files: the lab gets not-found too', async () => {
    const consultId = randomUUID();
    await putRow('consults', aPublicConsult({ consultId }));
    const answer = await lab('listConsultFiles', { consultId });
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe(CONSULT_NOT_FOUND);
  });

  it('the lab cannot change a consult’s files (the routes are the practice’s)', async () => {
    const consultId = await consult();
    const answer = await lab('generateConsultUploadUrl', {
      consultId,
      filename: 'lab.pdf',
      contentType: 'application/pdf',
      size: 3,
    });
    expect(answer.status).toBe(403);
  });
});

describe('consult files: fixed once the lab has answered', () => {
  it('no upload to an answered consult (403, said why); the practice still lists and downloads', async () => {
    const consultId = await consult();
    await put(practice, consultId, 'oct.pdf', '%PDF-1.4 OCT', 'application/pdf');
    await practice('confirmConsultFile', { consultId, filename: 'oct.pdf' });
    const row = await getRow('consults', { consultId });
    await putRow('consults', { ...row, status: 'answered' });

    const upload = await practice('generateConsultUploadUrl', {
      consultId,
      filename: 'late.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(upload.status).toBe(403);
    expect(upload.body.error.message).toBe(consultFilesLockedMessage('answered'));
    expect((await practice('deleteConsultFile', { consultId, filename: 'oct.pdf' })).status).toBe(403);
    const listed = await practice('listConsultFiles', { consultId });
    expect(listed.body.result.files.map((f: { filename: string }) => f.filename)).toEqual(['oct.pdf']);
    expect((await practice('generateConsultDownloadUrl', { consultId, filename: 'oct.pdf' })).status).toBe(200);
  });

  it('an upload URL obtained while the consult was new attaches nothing once it is answered', async () => {
    const consultId = await consult();
    await put(practice, consultId, 'late.png', PNG, 'image/png');
    const row = await getRow('consults', { consultId });
    await putRow('consults', { ...row, status: 'answered' });
    const answer = await practice('confirmConsultFile', { consultId, filename: 'late.png' });
    expect(answer.status).toBe(403);
    expect(await storedKeys(consultId)).toEqual([]);
  });
});
