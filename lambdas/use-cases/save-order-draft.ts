import type { z } from 'zod';
import { aborted, notFound } from '../../core/errors';
import type { Order, saveOrderDraftInputSchema } from '../../core/schemas/order';
import type { Identity } from '../auth/verify-token';
import { OrderWriteRefused } from '../ports/orders-repository';
import {
  ACCOUNT_NOT_FOUND,
  callerAccounts,
  displayName,
  nowOf,
  ORDER_CHANGED,
  ORDER_NOT_FOUND,
  type OrderDeps,
} from './order-common';

type SaveDraftInput = z.infer<typeof saveOrderDraftInputSchema>;

/**
 * Saves what the order form holds (issue 5 item 2): the first save creates the draft (a conditional put,
 * so two tabs cannot both create it), later saves name the version they read. Only the user who started
 * the draft may save it, and only on an account they are linked to.
 */
export async function saveOrderDraft(
  caller: Identity,
  input: SaveDraftInput,
  deps: Pick<OrderDeps, 'orders' | 'users' | 'now'>,
): Promise<{ orderId: string; version: number; updatedAt: string }> {
  const { user, linked } = await callerAccounts(caller, deps);
  if (!linked.includes(input.accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);
  const now = nowOf(deps).toISOString();
  const existing = await deps.orders.get(input.orderId);
  if (existing) {
    if (existing.createdBy.userId !== caller.userId || !linked.includes(existing.accountNumber))
      throw notFound(ORDER_NOT_FOUND);
    if (existing.status !== 'draft')
      throw aborted('This order has been submitted already: it can no longer be changed as a draft.');
    if (input.version !== existing.version) throw aborted(ORDER_CHANGED);
  }
  const draft = input.draft;
  const order: Order = {
    orderId: input.orderId,
    orderNumber: null,
    accountNumber: input.accountNumber,
    status: 'draft',
    patient: draft.patient ?? '',
    ...(draft.poNumber ? { poNumber: draft.poNumber } : {}),
    lines: [],
    draft,
    attachments: draft.attachments,
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
    if (error instanceof OrderWriteRefused) throw aborted(ORDER_CHANGED);
    throw error;
  }
  return { orderId: order.orderId, version: order.version, updatedAt: now };
}
