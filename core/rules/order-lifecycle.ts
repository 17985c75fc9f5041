/**
 * The order lifecycle (docs/architecture.md "The domain in brief"): which action moves an order from which status to
 * which, and who may take it. One table, read by the server (every change) and the web app (which buttons
 * show). Drafts are the practice's own until submitted; "closed" is shipped with an invoice number.
 */
export const ORDER_STATUSES = ['draft', 'submitted', 'on-hold', 'approved', 'closed', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PlacedStatus = Exclude<OrderStatus, 'draft'>;
/**
 * The statuses of a placed order, in the order of the lab's work: what the approval queue filters by and the admin
 * dashboard counts (drafts are the practice's own).
 */
export const PLACED_STATUSES: readonly PlacedStatus[] = ORDER_STATUSES.filter(
  (status): status is PlacedStatus => status !== 'draft',
);

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  'on-hold': 'On hold',
  approved: 'In production',
  closed: 'Shipped',
  rejected: 'Rejected',
  cancelled: 'Canceled',
};

export const ORDER_ACTIONS = ['submit', 'approve', 'hold', 'resubmit', 'reject', 'cancel', 'close'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who takes an action: the practice that owns the order, or the lab (any admin). */
export type OrderActor = 'practice' | 'lab';

interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: OrderActor;
}

export const ORDER_TRANSITIONS: Record<OrderAction, Transition> = {
  submit: { from: ['draft'], to: 'submitted', by: 'practice' },
  approve: { from: ['submitted'], to: 'approved', by: 'lab' },
  // The lab needs information: before production, or when production finds a problem.
  hold: { from: ['submitted', 'approved'], to: 'on-hold', by: 'lab' },
  // The practice answers the lab's question (and may correct the order), which sends it back to the queue.
  resubmit: { from: ['on-hold'], to: 'submitted', by: 'practice' },
  reject: { from: ['submitted', 'on-hold'], to: 'rejected', by: 'lab' },
  // "Cancelled by the practice before approval".
  cancel: { from: ['submitted', 'on-hold'], to: 'cancelled', by: 'practice' },
  close: { from: ['approved'], to: 'closed', by: 'lab' },
};

/** Statuses no action leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['closed', 'rejected', 'cancelled'];

/** The status an action leads to from `from`, or null when that action is not allowed there. */
export function nextStatus(from: OrderStatus, action: OrderAction): OrderStatus | null {
  const t = ORDER_TRANSITIONS[action];
  return t.from.includes(from) ? t.to : null;
}

/** The actions an actor may take on an order in this status (the buttons a screen shows). */
export function availableActions(status: OrderStatus, actor: OrderActor): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[a].by === actor && ORDER_TRANSITIONS[a].from.includes(status));
}

/** Statuses the lab still has work on, oldest first in the approval queue. */
export const WAITING_STATUSES: readonly OrderStatus[] = ['submitted', 'on-hold', 'approved'];
