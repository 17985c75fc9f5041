import { notFound } from '../../../core/errors';
import { stageOfOrder } from '../../../core/rules/production-stages';
import type { Order, OrderSummary } from '../../../core/schemas/orders';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import type { Identity } from '../../auth/verify-token';
import { callerAccounts, isLab } from '../../kernel/caller';
import type { OrderDeps } from './order-deps';
import { ORDER_NOT_FOUND } from './order-attachments';

export { ORDER_NOT_FOUND };

/**
 * Loads an order the caller may see: the lab sees every submitted order; a practice user sees orders of the
 * accounts they are linked to, and only their own drafts. Anything else is not-found.
 */
export async function loadVisibleOrder(
  caller: Identity,
  orderId: string,
  deps: Pick<OrderDeps, 'orders' | 'users'>,
): Promise<{ order: Order; user: UserProfile | null }> {
  const order = await deps.orders.get(orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (isLab(caller)) {
    if (order.status === 'draft') throw notFound(ORDER_NOT_FOUND);
    return { order, user: await deps.users.get(caller.userId) };
  }
  const { user, linked } = await callerAccounts(caller, deps);
  if (!linked.includes(order.accountNumber)) throw notFound(ORDER_NOT_FOUND);
  if (order.status === 'draft' && order.createdBy.userId !== caller.userId) throw notFound(ORDER_NOT_FOUND);
  return { order, user };
}

/** Prices removed: what a practice whose account may not see prices gets. */
export function withoutPrices(order: Order): Order {
  const { totalCents: _total, ...rest } = order;
  return {
    ...rest,
    lines: order.lines.map((line) => {
      const { priceCents: _price, ...design } = line.design;
      return { ...line, design };
    }),
  };
}

/** Who the lab's timeline entries name for a practice: the lab, never a staff member. */
export const LAB_ACTOR = { userId: 'lenslab', name: 'Lenslab', actor: 'lab' } as const;

/**
 * The timeline as a practice sees it: entries by lab staff name "Lenslab", with no staff
 * user id or name; the practice's own entries stay as they are. The lab's view keeps every identity.
 */
export function customerHistory(order: Order): Order {
  return {
    ...order,
    history: order.history.map((entry) => (entry.by.actor === 'lab' ? { ...entry, by: { ...LAB_ACTOR } } : entry)),
  };
}

/**
 * The order as this caller may see it: the lab sees everything; a practice sees prices only when its account
 * allows them, and the lab's side of the timeline as "Lenslab".
 */
export async function viewFor(caller: Identity, order: Order, deps: Pick<OrderDeps, 'customers'>): Promise<Order> {
  if (isLab(caller)) return order;
  const customer = await deps.customers.get(order.accountNumber);
  const visible = customerHistory(order);
  return customer?.pricingAllowed ? visible : withoutPrices(visible);
}

/** The stage a list shows: the order's own, or the one its status implies (an order stored before stages). */
function stageFields(order: Order): Pick<OrderSummary, 'stage' | 'stageAt'> {
  const stage = stageOfOrder(order);
  return { ...(stage ? { stage } : {}), ...(stage && order.stageAt ? { stageAt: order.stageAt } : {}) };
}

export function toSummary(order: Order): OrderSummary {
  const lenses =
    order.lines.length > 0
      ? order.lines.map((l) => ({ eye: l.eye, name: l.design.name }))
      : (order.draft?.lines ?? []).map((l) => ({ eye: l.eye, name: l.lensId ?? '' }));
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    accountNumber: order.accountNumber,
    status: order.status,
    patient: order.patient,
    ...(order.poNumber ? { poNumber: order.poNumber } : {}),
    createdAt: order.createdAt,
    ...(order.submittedAt ? { submittedAt: order.submittedAt } : {}),
    statusAt: order.statusAt,
    updatedAt: order.updatedAt,
    ...(order.invoiceNumber ? { invoiceNumber: order.invoiceNumber } : {}),
    version: order.version,
    ...stageFields(order),
    lenses,
  };
}
