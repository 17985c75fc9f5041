import { aborted, invalidArgument } from '../../../core/errors';
import { SIGNATURE_BYTES, signatureProblem } from '../../../core/rules/file-signatures';
import {
  ATTACHMENT_LIMITS,
  attachmentCountMessage,
  attachmentProblem,
  safeFileName,
  type OrderFile,
} from '../../../core/schemas/attachments';
import type { Identity } from '../../auth/verify-token';
import { attachedFileKey, type AttachedFiles, type InspectedFile, type StoredFile } from '../../ports/attached-files';

/**
 * The attached-file rules shared by orders and consults: presigned PUTs to an incoming
 * folder, a confirm step that reads the first bytes before a file counts, at most ATTACHMENT_LIMITS.maxFiles
 * per owner, image previews inline and every other download as an attachment. What differs per kind is who
 * may see and change the files: its FileAccess.
 */

export const UPLOAD_MISSING_MESSAGE = 'The upload of this file did not arrive. Upload it again.';
export const UPLOAD_CHANGED_MESSAGE = 'This file changed while it was being checked. Upload it again.';
export const fileGoneMessage = (noun: string) =>
  `This file is no longer attached to the ${noun}. Reload the list of files.`;

/** What the caller may do with one owner's files, once FileAccess.open has let them see them. */
export interface OpenedFiles {
  /** Throws (the caller's reason) when the caller may not add or remove files now. */
  assertChangeable(): void;
}

export interface FileAccess {
  /** What the files belong to, as messages name it: "order", "consult". */
  noun: string;
  /**
   * Lets the caller at the owner's files, or throws not-found: the same answer for "no such owner" and
   * "not yours", so ids cannot be probed.
   */
  open(caller: Identity, ownerId: string): Promise<OpenedFiles>;
}

export interface FileRulesDeps {
  access: FileAccess;
  files: AttachedFiles;
}

/**
 * Images open in the browser as previews; every other type is only downloaded. PDFs included: a PDF shown
 * inline runs its scripts and forms in the bucket's origin, so it is always a download.
 */
export const isPreviewable = (contentType: string) => contentType.startsWith('image/');

/** A stored file whose first bytes fit its content type (the allowlist's type and extension too). */
const isVerified = (file: InspectedFile) =>
  !attachmentProblem({ name: file.filename, type: file.contentType, size: file.size }) &&
  !signatureProblem({ filename: file.filename, contentType: file.contentType, start: file.start });

const withoutStart = ({ start: _start, revision: _revision, ...file }: InspectedFile): StoredFile => file;

/**
 * The owner's attached files: what is stored in its folder and whose first bytes the server has read and
 * found to fit the declared type. Files reach the folder only through the confirm step, which checks the
 * same; reading them again here keeps the rule true for anything stored before that check existed.
 */
export async function verifiedFiles(ownerId: string, files: Pick<AttachedFiles, 'list'>): Promise<StoredFile[]> {
  return (await files.list(ownerId, SIGNATURE_BYTES)).filter(isVerified).map(withoutStart);
}

/** The per-owner limit: a new name needs a free place; a name already attached is replaced in place. */
async function assertRoomFor(ownerId: string, filename: string, deps: FileRulesDeps): Promise<void> {
  const stored = await verifiedFiles(ownerId, deps.files);
  const replaces = stored.some((file) => file.filename === filename);
  if (!replaces && stored.length >= ATTACHMENT_LIMITS.maxFiles) {
    throw invalidArgument(attachmentCountMessage(deps.access.noun));
  }
}

/**
 * spec 7 generateUploadUrl: checks the file against the allowlist, the size limit and the per-owner limit
 * before it signs a PUT for exactly that type and size in the owner's incoming folder. The file is attached
 * only by confirmFile. A file of the same name replaces the earlier one (and does not count twice). The
 * answer's key is where the file will be attached.
 */
export async function generateUploadUrl(
  caller: Identity,
  ownerId: string,
  input: { filename: string; contentType: string; size: number },
  deps: FileRulesDeps,
): Promise<{ url: string; key: string }> {
  (await deps.access.open(caller, ownerId)).assertChangeable();
  const filename = safeFileName(input.filename);
  const problem = attachmentProblem({ name: filename, type: input.contentType, size: input.size });
  if (problem) throw invalidArgument(problem);
  await assertRoomFor(ownerId, filename, deps);
  const url = await deps.files.uploadUrl(
    { ownerId, filename, contentType: input.contentType, size: input.size },
    ATTACHMENT_LIMITS.urlSeconds,
  );
  return { url, key: attachedFileKey(deps.files.folder, ownerId, filename) };
}

/**
 * The upload, when it may be attached: the caller may still change the files (a URL obtained while they
 * could attaches nothing once they cannot), the upload arrived, its stored type, size and name still pass
 * the allowlist, its first bytes fit the type, and the owner has room for it.
 */
async function checkedUpload(
  opened: OpenedFiles,
  ownerId: string,
  filename: string,
  deps: FileRulesDeps,
): Promise<InspectedFile> {
  opened.assertChangeable();
  const upload = await deps.files.incoming(ownerId, filename, SIGNATURE_BYTES);
  // 409, not 404: the owner is the caller's and a 404 would log them out (spec 8).
  if (!upload) throw aborted(UPLOAD_MISSING_MESSAGE);
  const problem =
    attachmentProblem({ name: filename, type: upload.contentType, size: upload.size }) ??
    signatureProblem({ filename, contentType: upload.contentType, start: upload.start });
  if (problem) throw invalidArgument(problem);
  // Counted again now: two uploads started at the same moment may both have passed generateUploadUrl.
  await assertRoomFor(ownerId, filename, deps);
  return upload;
}

async function listingEntry(ownerId: string, file: StoredFile, files: AttachedFiles): Promise<OrderFile> {
  const entry: OrderFile = { ...file };
  if (isPreviewable(file.contentType)) {
    entry.previewUrl = await files.downloadUrl(
      { ownerId, filename: file.filename, disposition: 'inline', contentType: file.contentType },
      ATTACHMENT_LIMITS.urlSeconds,
    );
  }
  return entry;
}

/**
 * Attaches an upload, called after the browser's PUT to the URL generateUploadUrl signed:
 * checks it (checkedUpload), then moves exactly the bytes checked into the owner's folder. A refused upload
 * is removed at once, so nothing unchecked stays in storage longer than it must.
 */
export async function confirmFile(
  caller: Identity,
  ownerId: string,
  input: { filename: string },
  deps: FileRulesDeps,
): Promise<{ file: OrderFile }> {
  const opened = await deps.access.open(caller, ownerId);
  const filename = safeFileName(input.filename);
  const upload = await checkedUpload(opened, ownerId, filename, deps).catch(async (error: unknown) => {
    await deps.files.removeIncoming(ownerId, filename);
    throw error;
  });
  if (!(await deps.files.attach(ownerId, filename, upload.revision))) throw aborted(UPLOAD_CHANGED_MESSAGE);
  return { file: await listingEntry(ownerId, { ...withoutStart(upload), filename }, deps.files) };
}

/** spec 7 listOrderFiles: spec 3 "File listing entry" per attached file, with a short-lived preview URL for images. */
export async function listFiles(
  caller: Identity,
  ownerId: string,
  deps: FileRulesDeps,
): Promise<{ files: OrderFile[] }> {
  await deps.access.open(caller, ownerId);
  const stored = await verifiedFiles(ownerId, deps.files);
  return { files: await Promise.all(stored.map((file) => listingEntry(ownerId, file, deps.files))) };
}

/** spec 7 generateDownloadUrl: a short-lived GET that downloads the file as an attachment under its safe name. */
export async function generateDownloadUrl(
  caller: Identity,
  ownerId: string,
  input: { filename: string },
  deps: FileRulesDeps,
): Promise<{ url: string }> {
  await deps.access.open(caller, ownerId);
  const file = await deps.files.head(ownerId, safeFileName(input.filename), SIGNATURE_BYTES);
  // 409, not 404: the owner is the caller's and a 404 would log them out (spec 8); the list is only stale.
  // A stored file that fails the check is not attached, so it is not offered either.
  if (!file || !isVerified(file)) throw aborted(fileGoneMessage(deps.access.noun));
  const url = await deps.files.downloadUrl(
    { ownerId, filename: file.filename, disposition: 'attachment', contentType: file.contentType },
    ATTACHMENT_LIMITS.urlSeconds,
  );
  return { url };
}

/** spec 7 deleteOrderFile: deleting a file that is already gone succeeds (the caller's wish holds). */
export async function deleteFile(
  caller: Identity,
  ownerId: string,
  input: { filename: string },
  deps: FileRulesDeps,
): Promise<{ success: boolean }> {
  (await deps.access.open(caller, ownerId)).assertChangeable();
  await deps.files.remove(ownerId, safeFileName(input.filename));
  return { success: true };
}
