import { notFound, permissionDenied } from '../../../core/errors';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../core/rules/order-lifecycle';
import type { OrderFile } from '../../../core/schemas/attachments';
import type { Identity } from '../../auth/verify-token';
import type { AttachedFiles, StoredFile } from '../../ports/attached-files';
import type { OrderAccess } from '../../ports/order-access';
import type { UsersRepository } from '../../ports/users-repository';
import * as attached from '../attachments';
import { isLab, callerLinkedAccounts } from '../../kernel/caller';

/** Same answer for "not your practice's order" and "no such order", so order ids cannot be probed. */
export const ORDER_NOT_FOUND = 'Order not found';

export interface AttachmentDeps {
  orders: OrderAccess;
  users: Pick<UsersRepository, 'get'>;
  /** The order files (ORDER_FILES). */
  files: AttachedFiles;
}

/** A practice changes its files until the lab has started on the order (or while the lab asks for more). */
export const CUSTOMER_FILE_CHANGE_STATUSES: readonly OrderStatus[] = ['draft', 'submitted', 'on-hold'];
export const FILE_GONE_MESSAGE = attached.fileGoneMessage('order');
export { isPreviewable, UPLOAD_CHANGED_MESSAGE, UPLOAD_MISSING_MESSAGE } from '../attachments';

/**
 * Who may reach an order's files, as getOrder has it: a draft only the user who started it (on an account
 * they are linked to); any other order an admin or a user linked to its account. The lab changes files at
 * any status; a practice while the order is in CUSTOMER_FILE_CHANGE_STATUSES.
 */
const orderFileAccess = (deps: AttachmentDeps): attached.FileAccess => ({
  noun: 'order',
  async open(caller, orderId) {
    const order = await deps.orders.getOrderOwner(orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const draft = order.status === 'draft';
    if (draft && order.createdByUserId !== caller.userId) throw notFound(ORDER_NOT_FOUND);
    if (draft || !isLab(caller)) {
      const linked = callerLinkedAccounts(caller, await deps.users.get(caller.userId));
      if (!linked.includes(order.accountNumber)) throw notFound(ORDER_NOT_FOUND);
    }
    return {
      assertChangeable() {
        if (isLab(caller) || CUSTOMER_FILE_CHANGE_STATUSES.includes(order.status)) return;
        throw permissionDenied(
          `Files of an order that is ${ORDER_STATUS_LABELS[order.status].toLowerCase()} can no longer be changed. Contact the lab.`,
        );
      },
    };
  },
});

const rules = (deps: AttachmentDeps): attached.FileRulesDeps => ({ access: orderFileAccess(deps), files: deps.files });

/** The order's verified attached files (attached-files.ts verifiedFiles). */
export const verifiedOrderFiles = (orderId: string, files: Pick<AttachedFiles, 'list'>): Promise<StoredFile[]> =>
  attached.verifiedFiles(orderId, files);

/** spec 3 order `attachments` ({name, size, type}), built by the server from the verified stored files. */
export async function orderAttachmentsOf(
  orderId: string,
  files: Pick<AttachedFiles, 'list'>,
): Promise<{ name: string; size: number; type: string }[]> {
  return (await verifiedOrderFiles(orderId, files)).map((f) => ({
    name: f.filename,
    size: f.size,
    type: f.contentType,
  }));
}

/** spec 7 generateUploadUrl: a PUT to `incoming/{orderId}/{safe name}`; the answer's key is in `orders/{orderId}/`. */
export const generateUploadUrl = (
  caller: Identity,
  input: { orderId: string; filename: string; contentType: string; size: number },
  deps: AttachmentDeps,
): Promise<{ url: string; key: string }> => attached.generateUploadUrl(caller, input.orderId, input, rules(deps));

/** Attaches an upload to the order once its first bytes fit its type. */
export const confirmOrderFile = (
  caller: Identity,
  input: { orderId: string; filename: string },
  deps: AttachmentDeps,
): Promise<{ file: OrderFile }> => attached.confirmFile(caller, input.orderId, input, rules(deps));

/** spec 7 listOrderFiles. */
export const listOrderFiles = (
  caller: Identity,
  input: { orderId: string },
  deps: AttachmentDeps,
): Promise<{ files: OrderFile[] }> => attached.listFiles(caller, input.orderId, rules(deps));

/** spec 7 generateDownloadUrl. */
export const generateDownloadUrl = (
  caller: Identity,
  input: { orderId: string; filename: string },
  deps: AttachmentDeps,
): Promise<{ url: string }> => attached.generateDownloadUrl(caller, input.orderId, input, rules(deps));

/** spec 7 deleteOrderFile. */
export const deleteOrderFile = (
  caller: Identity,
  input: { orderId: string; filename: string },
  deps: AttachmentDeps,
): Promise<{ success: boolean }> => attached.deleteFile(caller, input.orderId, input, rules(deps));
