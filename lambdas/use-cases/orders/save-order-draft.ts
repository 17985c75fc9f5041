import { CHANGED_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, notFound, resourceExhausted } from '../../../core/errors';
import type { Order, saveOrderDraftInputSchema } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { orderRefusals } from '../../ports/orders-repository';
import { ACCOUNT_NOT_FOUND, callerAccounts, displayName } from '../../kernel/caller';
import { ORDER_NOT_FOUND } from './order-view';
import type { OrderDeps } from './order-deps';
import { storedAttachments } from './checked-lines';

type SaveDraftInput = z.infer<typeof saveOrderDraftInputSchema>;

/** Open drafts one user may keep: each holds a patient's name, so they are not a free store. */
export const MAX_OPEN_DRAFTS = 50;
export const TOO_MANY_DRAFTS = `You have ${MAX_OPEN_DRAFTS} unfinished orders. Submit or discard one before starting another.`;

/**
 * Counts the caller's open drafts over their linked accounts, stopping at `atMost` (no more is needed). Runs
 * only when a draft is created, not on every save; each page is a bounded Query of the account's partition.
 */
async function openDraftsOf(
  userId: string,
  accounts: string[],
  orders: Pick<OrderDeps['orders'], 'listByAccount'>,
  atMost: number,
): Promise<number> {
  let count = 0;
  for (const accountNumber of accounts) {
    let cursor: string | undefined;
    do {
      const page = await orders.listByAccount({
        accountNumber,
        status: 'draft',
        draftsOf: userId,
        limit: atMost - count,
        cursor,
      });
      count += page.items.length;
      if (count >= atMost) return count;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return count;
}

/**
 * Saves what the order form holds: the first save creates the draft (a conditional put,
 * so two tabs cannot both create it), later saves name the version they read. Only the user who started
 * the draft may save it, and only on an account they are linked to.
 */
export async function saveOrderDraft(
  caller: Identity,
  input: SaveDraftInput,
  deps: Pick<OrderDeps, 'orders' | 'users' | 'now' | 'files'>,
): Promise<{ orderId: string; version: number; updatedAt: string }> {
  const { user, linked } = await callerAccounts(caller, deps);
  if (!linked.includes(input.accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);
  const now = deps.now().toISOString();
  const existing = await deps.orders.get(input.orderId);
  if (existing) {
    if (existing.createdBy.userId !== caller.userId || !linked.includes(existing.accountNumber))
      throw notFound(ORDER_NOT_FOUND);
    if (existing.status !== 'draft')
      throw aborted('This order has been submitted already: it can no longer be changed as a draft.');
    if (input.version !== existing.version) throw aborted(CHANGED_MESSAGES.order);
  } else if ((await openDraftsOf(caller.userId, linked, deps.orders, MAX_OPEN_DRAFTS)) >= MAX_OPEN_DRAFTS) {
    // Two tabs creating drafts at the same moment may both pass at 49: the cap is a bound, not an exact count.
    throw resourceExhausted(TOO_MANY_DRAFTS);
  }
  // The form's own list of files is not stored: the draft's attachments are what is stored under it (issue
  // 10 item 8). Nothing can be stored under an order id before its first save.
  const { attachments: _declared, ...draft } = input.draft;
  const attachments = existing ? await storedAttachments(input.orderId, deps) : [];
  const order: Order = {
    orderId: input.orderId,
    orderNumber: null,
    accountNumber: input.accountNumber,
    status: 'draft',
    patient: draft.patient ?? '',
    ...(draft.poNumber ? { poNumber: draft.poNumber } : {}),
    lines: [],
    draft: { ...draft, attachments },
    attachments,
    history: [],
    createdBy: existing?.createdBy ?? { userId: caller.userId, name: displayName(user, caller.email) },
    createdAt: existing?.createdAt ?? now,
    statusAt: existing?.statusAt ?? now,
    updatedAt: now,
    version: existing ? existing.version + 1 : 0,
  };
  try {
    await deps.orders.write({ order, expectedVersion: existing ? existing.version : null });
  } catch (error) {
    if (orderRefusals.is(error)) throw aborted(CHANGED_MESSAGES.order);
    throw error;
  }
  return { orderId: order.orderId, version: order.version, updatedAt: now };
}
