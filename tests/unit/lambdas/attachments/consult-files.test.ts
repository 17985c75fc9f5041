import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import { attachmentCountMessage, ATTACHMENT_LIMITS } from '../../../../core/schemas/attachments';
import { CONSULT_NOT_FOUND, type ConsultStatus } from '../../../../core/schemas/consult';
import { CONSULT_FILES, ORDER_FILES } from '../../../../lambdas/ports/attached-files';
import { fileGoneMessage } from '../../../../lambdas/use-cases/attached-files';
import {
  confirmConsultFile,
  consultFilesLockedMessage,
  deleteConsultFile,
  generateConsultDownloadUrl,
  generateConsultUploadUrl,
  listConsultFiles,
} from '../../../../lambdas/use-cases/consults/consult-files';
import { failureOfKind } from '../../../support/failure-of';
import { FILE_STARTS, InMemoryAttachedFiles } from '../../../support/attachments-fakes';
import { aConsult, aPublicConsult, CONSULT_ID } from '../../../support/consult-fixtures';
import { identity } from '../../../support/identities';
import { InMemoryConsultStore } from '../../../support/in-memory-consults';
import { InMemoryUsers } from '../../../support/in-memory-ports';
import { testUser } from '../../../support/test-directory';

const PUBLIC_CONSULT = '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const MISSING = '11111111-2222-3333-4444-555555555555';
const customer = identity(['customer']);
const otherPractice = identity(['customer'], { userId: 'user-other-practice' });
const additionalAccount = identity(['customer'], { userId: 'user-second-account' });
const admin = identity(['admin']);

function setup(status: ConsultStatus = 'new') {
  const consults = new InMemoryConsultStore();
  consults.rows.set(CONSULT_ID, aConsult({ status }));
  consults.rows.set(PUBLIC_CONSULT, aPublicConsult({ consultId: PUBLIC_CONSULT }));
  const users = new InMemoryUsers();
  const user = (userId: string, accountNumber: string, accountNumbers: string[] = []) =>
    users.rows.set(
      userId,
      testUser({ userId, email: `${userId}@example.test`, firstName: 'A', accountNumber, accountNumbers }),
    );
  user(customer.userId, '10042');
  user(otherPractice.userId, '20001');
  user(additionalAccount.userId, '30000', ['10042']);
  // One bucket: an order's files beside the consult's, to show the two never mix.
  const files = new InMemoryAttachedFiles(CONSULT_FILES);
  const orderFiles = new InMemoryAttachedFiles(ORDER_FILES, files.objects);
  return { consults, users, files, orderFiles };
}

const photo = { consultId: CONSULT_ID, filename: 'edge lift 6h.png', contentType: 'image/png', size: 12 };

const failure = (promise: Promise<unknown>) => failureOfKind(promise, AppError);

/** The browser's PUT to the signed URL, then the confirm step, as the web does it. */
async function attach(deps: ReturnType<typeof setup>, filename = photo.filename) {
  await generateConsultUploadUrl(customer, { ...photo, filename }, deps);
  deps.files.putIncoming(CONSULT_ID, filename, 'image/png', FILE_STARTS['image/png']!);
  return confirmConsultFile(customer, { consultId: CONSULT_ID, filename }, deps);
}

describe('consult files: where they live', () => {
  it('signs the PUT below incoming/consults/{consultId}/ and attaches below consults/{consultId}/', async () => {
    const deps = setup();
    const answer = await generateConsultUploadUrl(customer, photo, deps);
    expect(answer.key).toBe(`consults/${CONSULT_ID}/edge lift 6h.png`);
    expect(answer.url).toContain(`incoming/consults/${CONSULT_ID}/edge lift 6h.png`);
    deps.files.putIncoming(CONSULT_ID, photo.filename, 'image/png', FILE_STARTS['image/png']!);
    const { file } = await confirmConsultFile(customer, { consultId: CONSULT_ID, filename: photo.filename }, deps);
    expect(file).toMatchObject({ filename: 'edge lift 6h.png', contentType: 'image/png' });
    expect([...deps.files.objects.keys()]).toEqual([`consults/${CONSULT_ID}/edge lift 6h.png`]);
  });

  it('an order with the same id as a consult shares none of its files', async () => {
    const deps = setup();
    deps.orderFiles.put(CONSULT_ID, 'order-file.pdf');
    await attach(deps);
    const { files } = await listConsultFiles(customer, { consultId: CONSULT_ID }, deps);
    expect(files.map((f) => f.filename)).toEqual(['edge lift 6h.png']);
  });
});

describe('consult files: who may see them', () => {
  it('the practice (main or additional account) lists and downloads, images with an inline preview', async () => {
    const deps = setup();
    await attach(deps);
    for (const who of [customer, additionalAccount]) {
      const { files } = await listConsultFiles(who, { consultId: CONSULT_ID }, deps);
      expect(files).toEqual([
        expect.objectContaining({ filename: 'edge lift 6h.png', previewUrl: expect.any(String) }),
      ]);
      const { url } = await generateConsultDownloadUrl(who, { consultId: CONSULT_ID, filename: photo.filename }, deps);
      expect(url).toContain('disposition=attachment');
    }
  });

  it.each(['new', 'answered', 'ordered'] as const)(
    'the lab lists and downloads a %s consult’s files',
    async (status) => {
      const deps = setup(status);
      deps.files.put(CONSULT_ID, 'oct.pdf');
      const { files } = await listConsultFiles(admin, { consultId: CONSULT_ID }, deps);
      expect(files.map((f) => f.filename)).toEqual(['oct.pdf']);
      await expect(
        generateConsultDownloadUrl(admin, { consultId: CONSULT_ID, filename: 'oct.pdf' }, deps),
      ).resolves.toMatchObject({ url: expect.any(String) });
    },
  );

  it('the practice still lists and downloads once the consult is answered', async () => {
    const deps = setup('answered');
    deps.files.put(CONSULT_ID, 'oct.pdf');
    expect((await listConsultFiles(customer, { consultId: CONSULT_ID }, deps)).files).toHaveLength(1);
    await expect(
      generateConsultDownloadUrl(customer, { consultId: CONSULT_ID, filename: 'oct.pdf' }, deps),
    ).resolves.toBeTruthy();
  });

  it('another practice gets CONSULT_NOT_FOUND for every operation, as for a consult that does not exist', async () => {
    const deps = setup();
    deps.files.put(CONSULT_ID, 'oct.pdf');
    const file = { consultId: CONSULT_ID, filename: 'oct.pdf' };
    const attempts = [
      generateConsultUploadUrl(otherPractice, photo, deps),
      confirmConsultFile(otherPractice, file, deps),
      listConsultFiles(otherPractice, { consultId: CONSULT_ID }, deps),
      generateConsultDownloadUrl(otherPractice, file, deps),
      deleteConsultFile(otherPractice, file, deps),
      listConsultFiles(customer, { consultId: MISSING }, deps),
    ];
    for (const attempt of attempts) {
      const error = await failure(attempt);
      expect([error.status, error.message]).toEqual(['not-found', CONSULT_NOT_FOUND]);
    }
    expect(deps.files.signedUploads).toEqual([]);
    expect(deps.files.signedDownloads).toEqual([]);
    expect(deps.files.objects.has(`consults/${CONSULT_ID}/oct.pdf`)).toBe(true);
  });

  it('a visitor’s consult (no account) has no files for anyone: the lab and practices get CONSULT_NOT_FOUND', async () => {
    const deps = setup();
    for (const who of [admin, customer]) {
      const error = await failure(listConsultFiles(who, { consultId: PUBLIC_CONSULT }, deps));
      expect([error.status, error.message]).toEqual(['not-found', CONSULT_NOT_FOUND]);
    }
    const upload = await failure(generateConsultUploadUrl(customer, { ...photo, consultId: PUBLIC_CONSULT }, deps));
    expect(upload.message).toBe(CONSULT_NOT_FOUND);
  });

  it('a customer without a user record gets CONSULT_NOT_FOUND', async () => {
    const stranger = identity(['customer'], { userId: 'no-record' });
    const error = await failure(listConsultFiles(stranger, { consultId: CONSULT_ID }, setup()));
    expect(error.message).toBe(CONSULT_NOT_FOUND);
  });
});

describe('consult files: who may change them', () => {
  it('the practice uploads, confirms and deletes while the consult is new', async () => {
    const deps = setup();
    await attach(deps);
    await expect(
      deleteConsultFile(customer, { consultId: CONSULT_ID, filename: photo.filename }, deps),
    ).resolves.toEqual({ success: true });
    expect((await listConsultFiles(customer, { consultId: CONSULT_ID }, deps)).files).toEqual([]);
  });

  it.each(['answered', 'ordered'] as const)(
    'once the consult is %s the practice may not upload, confirm or delete (permission-denied, said why)',
    async (status) => {
      const deps = setup(status);
      deps.files.put(CONSULT_ID, 'oct.pdf');
      deps.files.putIncoming(CONSULT_ID, 'late.png', 'image/png', FILE_STARTS['image/png']!);
      const attempts = [
        generateConsultUploadUrl(customer, photo, deps),
        confirmConsultFile(customer, { consultId: CONSULT_ID, filename: 'late.png' }, deps),
        deleteConsultFile(customer, { consultId: CONSULT_ID, filename: 'oct.pdf' }, deps),
      ];
      for (const attempt of attempts) {
        const error = await failure(attempt);
        expect([error.status, error.message]).toEqual(['permission-denied', consultFilesLockedMessage(status)]);
      }
      // The refused upload is removed at once; the attached file stays.
      expect([...deps.files.objects.keys()]).toEqual([`consults/${CONSULT_ID}/oct.pdf`]);
    },
  );

  it('the lab never changes a consult’s files: CONSULT_NOT_FOUND, as for any other stranger to the practice', async () => {
    const deps = setup();
    deps.files.put(CONSULT_ID, 'oct.pdf');
    for (const attempt of [
      generateConsultUploadUrl(admin, photo, deps),
      deleteConsultFile(admin, { consultId: CONSULT_ID, filename: 'oct.pdf' }, deps),
    ]) {
      expect((await failure(attempt)).message).toBe(CONSULT_NOT_FOUND);
    }
    expect(deps.files.objects.has(`consults/${CONSULT_ID}/oct.pdf`)).toBe(true);
  });
});

describe('consult files: the order attachment rules, worded for a consult', () => {
  it(`refuses an eleventh file, saying "per consult"`, async () => {
    const deps = setup();
    for (let i = 0; i < ATTACHMENT_LIMITS.maxFiles; i++) deps.files.put(CONSULT_ID, `scan-${i}.pdf`);
    const error = await failure(generateConsultUploadUrl(customer, photo, deps));
    expect([error.status, error.message]).toEqual(['invalid-argument', attachmentCountMessage('consult')]);
    expect(error.message).toContain('per consult');
  });

  it('an upload whose first bytes do not fit its type is refused and removed', async () => {
    const deps = setup();
    await generateConsultUploadUrl(customer, photo, deps);
    deps.files.putIncoming(CONSULT_ID, photo.filename, 'image/png', new TextEncoder().encode('MZ not a png'));
    const error = await failure(
      confirmConsultFile(customer, { consultId: CONSULT_ID, filename: photo.filename }, deps),
    );
    expect(error.status).toBe('invalid-argument');
    expect(deps.files.objects.size).toBe(0);
  });

  it('a download of a file that is gone is a 409 naming the consult, not a not-found', async () => {
    const error = await failure(
      generateConsultDownloadUrl(customer, { consultId: CONSULT_ID, filename: 'gone.pdf' }, setup()),
    );
    expect([error.status, error.message]).toEqual(['aborted', fileGoneMessage('consult')]);
  });
});
