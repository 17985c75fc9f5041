import { invalidArgument, notFound, aborted, permissionDenied } from '../../core/errors';
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
import { orderFileKey, type OrderFiles, type StoredOrderFile } from '../ports/order-files';
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

/** Images and PDFs open in the browser as previews; every other type is only downloaded. */
export const isPreviewable = (contentType: string) =>
  contentType === 'application/pdf' || contentType.startsWith('image/');

/**
 * spec 7 generateUploadUrl: checks the file against the allowlist, the size limit and the per-order limit
 * before it signs a PUT for exactly that type and size under `orders/{orderId}/{safe name}`. A file of the
 * same name replaces the earlier one (and does not count twice).
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
  const stored = await deps.files.list(input.orderId);
  const replaces = stored.some((file) => file.filename === filename);
  if (!replaces && stored.length >= ATTACHMENT_LIMITS.maxFilesPerOrder) throw invalidArgument(ATTACHMENT_COUNT_MESSAGE);
  const url = await deps.files.uploadUrl(
    { orderId: input.orderId, filename, contentType: input.contentType, size: input.size },
    ATTACHMENT_LIMITS.urlSeconds,
  );
  return { url, key: orderFileKey(input.orderId, filename) };
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

/** spec 7 listOrderFiles: spec 3 "File listing entry" per file, with a short-lived preview URL for images and PDFs. */
export async function listOrderFiles(
  caller: Identity,
  input: { orderId: string },
  deps: AttachmentDeps,
): Promise<{ files: OrderFile[] }> {
  await accessibleOrder(caller, input.orderId, deps);
  const stored = await deps.files.list(input.orderId);
  return { files: await Promise.all(stored.map((file) => listingEntry(input.orderId, file, deps.files))) };
}

/** spec 7 generateDownloadUrl: a short-lived GET that downloads the file as an attachment under its safe name. */
export async function generateDownloadUrl(
  caller: Identity,
  input: { orderId: string; filename: string },
  deps: AttachmentDeps,
): Promise<{ url: string }> {
  await accessibleOrder(caller, input.orderId, deps);
  const file = await deps.files.head(input.orderId, safeFileName(input.filename));
  // 409, not 404: the order is the caller's and a 404 would log them out (spec 8); the list is only stale.
  if (!file) throw aborted(FILE_GONE_MESSAGE);
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
