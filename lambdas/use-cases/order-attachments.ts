import { invalidArgument, notFound, aborted, permissionDenied } from '../../core/errors';
import { SIGNATURE_BYTES, signatureProblem } from '../../core/rules/file-signatures';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../core/rules/order-lifecycle';
import {
  ATTACHMENT_COUNT_MESSAGE,
  ATTACHMENT_LIMITS,
  attachmentProblem,
  safeFileName,
  type OrderFile,
} from '../../core/schemas/attachments';
import type { Identity } from '../auth/verify-token';
import type { OrderAccess, OrderOwner } from '../ports/order-access';
import { orderFileKey, type InspectedOrderFile, type OrderFiles, type StoredOrderFile } from '../ports/order-files';
import type { UsersRepository } from '../ports/users-repository';
import { linkedAccounts } from './get-customer-info';

export interface AttachmentDeps {
  orders: OrderAccess;
  users: Pick<UsersRepository, 'get'>;
  files: OrderFiles;
}

/** Same answer for "not your practice's order" and "no such order", so order ids cannot be probed. */
export const ORDER_NOT_FOUND = 'Order not found';
/** A practice changes its files until the lab has started on the order (or while the lab asks for more). */
export const CUSTOMER_FILE_CHANGE_STATUSES: readonly OrderStatus[] = ['draft', 'submitted', 'on-hold'];
export const FILE_GONE_MESSAGE = 'This file is no longer attached to the order. Reload the list of files.';
export const UPLOAD_MISSING_MESSAGE = 'The upload of this file did not arrive. Upload it again.';
export const UPLOAD_CHANGED_MESSAGE = 'This file changed while it was being checked. Upload it again.';

const isAdmin = (caller: Identity) => caller.groups.includes('admin');

/**
 * The order, when the caller may see it as getOrder does: a draft only by the user who started it (on an
 * account they are linked to); any other order by an admin or a user linked to its account. Not-found
 * otherwise.
 */
async function accessibleOrder(caller: Identity, orderId: string, deps: AttachmentDeps): Promise<OrderOwner> {
  const order = await deps.orders.getOrderOwner(orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const draft = order.status === 'draft';
  if (draft && order.createdByUserId !== caller.userId) throw notFound(ORDER_NOT_FOUND);
  if (!draft && isAdmin(caller)) return order;
  const linked = linkedAccounts(await deps.users.get(caller.userId));
  if (!linked.includes(order.accountNumber)) throw notFound(ORDER_NOT_FOUND);
  return order;
}

function assertFilesChangeable(caller: Identity, order: OrderOwner): void {
  if (isAdmin(caller) || CUSTOMER_FILE_CHANGE_STATUSES.includes(order.status)) return;
  throw permissionDenied(
    `Files of an order that is ${ORDER_STATUS_LABELS[order.status].toLowerCase()} can no longer be changed. Contact the lab.`,
  );
}

/**
 * Images open in the browser as previews; every other type is only downloaded. PDFs included: a PDF shown
 * inline runs its scripts and forms in the bucket's origin, so it is always a download (issue 10 item 8).
 */
export const isPreviewable = (contentType: string) => contentType.startsWith('image/');

/** A stored file whose first bytes fit its content type (the allowlist's type and extension too). */
const isVerified = (file: InspectedOrderFile) =>
  !attachmentProblem({ name: file.filename, type: file.contentType, size: file.size }) &&
  !signatureProblem({ filename: file.filename, contentType: file.contentType, start: file.start });

const withoutStart = ({ start: _start, revision: _revision, ...file }: InspectedOrderFile): StoredOrderFile => file;

/**
 * The order's attached files: what is stored in its folder and whose first bytes the server has read and
 * found to fit the declared type. Files reach the folder only through confirmOrderFile, which checks the
 * same; reading them again here keeps the rule true for anything stored before that check existed.
 */
export async function verifiedOrderFiles(orderId: string, files: Pick<OrderFiles, 'list'>): Promise<StoredOrderFile[]> {
  return (await files.list(orderId, SIGNATURE_BYTES)).filter(isVerified).map(withoutStart);
}

/** spec 3 order `attachments` ({name, size, type}), built by the server from the verified stored files. */
export async function orderAttachmentsOf(
  orderId: string,
  files: Pick<OrderFiles, 'list'>,
): Promise<{ name: string; size: number; type: string }[]> {
  return (await verifiedOrderFiles(orderId, files)).map((f) => ({
    name: f.filename,
    size: f.size,
    type: f.contentType,
  }));
}

/**
 * spec 7 generateUploadUrl: checks the file against the allowlist, the size limit and the per-order limit
 * before it signs a PUT for exactly that type and size under `incoming/{orderId}/{safe name}`. The file is
 * attached (moved to `orders/{orderId}/`) only by confirmOrderFile. A file of the same name replaces the
 * earlier one (and does not count twice). The answer's key is where the file will be attached.
 */
export async function generateUploadUrl(
  caller: Identity,
  input: { orderId: string; filename: string; contentType: string; size: number },
  deps: AttachmentDeps,
): Promise<{ url: string; key: string }> {
  const order = await accessibleOrder(caller, input.orderId, deps);
  assertFilesChangeable(caller, order);
  const filename = safeFileName(input.filename);
  const problem = attachmentProblem({ name: filename, type: input.contentType, size: input.size });
  if (problem) throw invalidArgument(problem);
  await assertRoomFor(input.orderId, filename, deps.files);
  const url = await deps.files.uploadUrl(
    { orderId: input.orderId, filename, contentType: input.contentType, size: input.size },
    ATTACHMENT_LIMITS.urlSeconds,
  );
  return { url, key: orderFileKey(input.orderId, filename) };
}

/** The per-order limit: a new name needs a free place; a name already attached is replaced in place. */
async function assertRoomFor(orderId: string, filename: string, files: OrderFiles): Promise<void> {
  const stored = await verifiedOrderFiles(orderId, files);
  const replaces = stored.some((file) => file.filename === filename);
  if (!replaces && stored.length >= ATTACHMENT_LIMITS.maxFilesPerOrder) throw invalidArgument(ATTACHMENT_COUNT_MESSAGE);
}

/**
 * The upload, when it may be attached: the caller may still change the order's files (a URL obtained while
 * the order was on hold attaches nothing once the lab has approved it), the upload arrived, its stored type,
 * size and name still pass the allowlist, its first bytes fit the type, and the order has room for it.
 */
async function checkedUpload(
  caller: Identity,
  order: OrderOwner,
  orderId: string,
  filename: string,
  files: OrderFiles,
): Promise<InspectedOrderFile> {
  assertFilesChangeable(caller, order);
  const upload = await files.incoming(orderId, filename, SIGNATURE_BYTES);
  // 409, not 404: the order is the caller's and a 404 would log them out (spec 8).
  if (!upload) throw aborted(UPLOAD_MISSING_MESSAGE);
  const problem =
    attachmentProblem({ name: filename, type: upload.contentType, size: upload.size }) ??
    signatureProblem({ filename, contentType: upload.contentType, start: upload.start });
  if (problem) throw invalidArgument(problem);
  // Counted again now: two uploads started at the same moment may both have passed generateUploadUrl.
  await assertRoomFor(orderId, filename, files);
  return upload;
}

/**
 * Attaches an upload (issue 10 item 8), called after the browser's PUT to the URL generateUploadUrl signed:
 * checks it (checkedUpload), then moves exactly the bytes checked into the order's folder. A refused upload
 * is removed at once, so nothing unchecked stays in storage longer than it must.
 */
export async function confirmOrderFile(
  caller: Identity,
  input: { orderId: string; filename: string },
  deps: AttachmentDeps,
): Promise<{ file: OrderFile }> {
  const order = await accessibleOrder(caller, input.orderId, deps);
  const filename = safeFileName(input.filename);
  const upload = await checkedUpload(caller, order, input.orderId, filename, deps.files).catch(
    async (error: unknown) => {
      await deps.files.removeIncoming(input.orderId, filename);
      throw error;
    },
  );
  if (!(await deps.files.attach(input.orderId, filename, upload.revision))) throw aborted(UPLOAD_CHANGED_MESSAGE);
  return { file: await listingEntry(input.orderId, { ...withoutStart(upload), filename }, deps.files) };
}

async function listingEntry(orderId: string, file: StoredOrderFile, files: OrderFiles): Promise<OrderFile> {
  const entry: OrderFile = { ...file };
  if (isPreviewable(file.contentType)) {
    entry.previewUrl = await files.downloadUrl(
      { orderId, filename: file.filename, disposition: 'inline', contentType: file.contentType },
      ATTACHMENT_LIMITS.urlSeconds,
    );
  }
  return entry;
}

/** spec 7 listOrderFiles: spec 3 "File listing entry" per attached file, with a short-lived preview URL for images. */
export async function listOrderFiles(
  caller: Identity,
  input: { orderId: string },
  deps: AttachmentDeps,
): Promise<{ files: OrderFile[] }> {
  await accessibleOrder(caller, input.orderId, deps);
  const stored = await verifiedOrderFiles(input.orderId, deps.files);
  return { files: await Promise.all(stored.map((file) => listingEntry(input.orderId, file, deps.files))) };
}

/** spec 7 generateDownloadUrl: a short-lived GET that downloads the file as an attachment under its safe name. */
export async function generateDownloadUrl(
  caller: Identity,
  input: { orderId: string; filename: string },
  deps: AttachmentDeps,
): Promise<{ url: string }> {
  await accessibleOrder(caller, input.orderId, deps);
  const file = await deps.files.head(input.orderId, safeFileName(input.filename), SIGNATURE_BYTES);
  // 409, not 404: the order is the caller's and a 404 would log them out (spec 8); the list is only stale.
  // A stored file that fails the check is not attached, so it is not offered either.
  if (!file || !isVerified(file)) throw aborted(FILE_GONE_MESSAGE);
  const url = await deps.files.downloadUrl(
    { orderId: input.orderId, filename: file.filename, disposition: 'attachment', contentType: file.contentType },
    ATTACHMENT_LIMITS.urlSeconds,
  );
  return { url };
}

/** spec 7 deleteOrderFile: deleting a file that is already gone succeeds (the caller's wish holds). */
export async function deleteOrderFile(
  caller: Identity,
  input: { orderId: string; filename: string },
  deps: AttachmentDeps,
): Promise<{ success: boolean }> {
  const order = await accessibleOrder(caller, input.orderId, deps);
  assertFilesChangeable(caller, order);
  await deps.files.remove(input.orderId, safeFileName(input.filename));
  return { success: true };
}
