import { CREDIT_HOLD_MESSAGES } from '../../../core/schemas/credit-hold';
import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted, invalidArgument, permissionDenied } from '../../../core/errors';
import { likeForLikeRefusal } from '../../../core/rules/warranty';
import { nextStatus, ORDER_TRANSITIONS, type OrderAction, type OrderStatus } from '../../../core/rules/order-lifecycle';
import { entryStageOf } from '../../../core/rules/production-stages';
import { localDay } from '../../../core/rules/calendar-days';
import { promiseState, type ShippingCalendar } from '../../../core/rules/ship-date';
import type { Order, OrderHistoryEntry } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import type { OutboxMessage } from '../../kernel/outbox';
import type { OrderEmailKind } from '../../ports/order-notifier';
import type { CreditChange } from '../../ports/money-store';
import { counterNames, exchangeCounterDeltas, orderRefusals, type OrderWrite } from '../../ports/orders-repository';
import { displayName, isLab } from '../../kernel/caller';
import { retryOnRefusal } from '../../kernel/retry';
import { parcelTrackingNotices } from './register-parcel';
import { orderEmail } from './order-email';
import { orderWebhook } from './order-webhook';
import { loadVisibleOrder, viewFor } from './order-view';
import { ORDER_WRITE_BACKOFF, type OrderDeps } from './order-deps';
import { checkedLines, orderContent, storedAttachments, type CheckedOrderFields } from './checked-lines';
import { orderPromiseOf } from './order-promise';
import { missedGuarantees, shipmentParcels, type ShipmentParcelInput } from './order-shipment';

/** The lifecycle actions other than submit (which places the order: submitOrder). */
export type StatusAction = Exclude<OrderAction, 'submit'>;
/** The lab's decisions: each is recorded in the audit log. */
export type LabDecision = 'approve' | 'hold' | 'reject' | 'close';

/**
 * What a status change needs, by action: every action reads and writes the order (with the practice's email);
 * a resubmit also re-checks the corrected lines against the catalogue and lists the stored files; a lab
 * decision is recorded in the audit log. An action only known at run time (a union) needs all of them.
 */
export type StatusChangeDeps<A extends StatusAction = StatusAction> = Pick<
  OrderDeps,
  'orders' | 'users' | 'customers' | 'log' | 'now' | 'sleep'
> &
  ('resubmit' extends A ? Pick<OrderDeps, 'lenses' | 'files' | 'production'> : unknown) &
  ('close' extends A ? Pick<OrderDeps, 'production'> : unknown) &
  ([Extract<A, LabDecision>] extends [never] ? unknown : Pick<OrderDeps, 'audit'>);

const isLabDecision = (action: StatusAction): action is LabDecision => ORDER_TRANSITIONS[action].by === 'lab';

/**
 * The invoice a change issues (the lab's close), written in the same transaction as the order, with the notices
 * it causes (the invoice email). Called once per change, so a retried write stores the same messages.
 */
export type IssuedInvoice = NonNullable<OrderWrite['invoice']> & {
  notices?: OutboxMessage[] | undefined;
  /** Lens credit the close grants with its invoice (a missed ship guarantee). */
  credit?: CreditChange | undefined;
};
type IssueInvoice = (
  order: Order,
  at: string,
  actor: { userId: string; name: string },
) => Promise<IssuedInvoice | undefined>;

export interface StatusChangeInput {
  orderId: string;
  version: number;
  /** approve: a note; hold: the message to the practice; reject and cancel: the reason; resubmit: the answer. */
  note?: string | undefined;
  invoiceNumber?: string | undefined;
  /** resubmit: corrected order fields, checked like a submit. */
  order?: CheckedOrderFields | undefined;
  /** close: the parcels shipped (none: shipped without tracking). Left out, no parcels are recorded. */
  shipment?: { parcels: readonly ShipmentParcelInput[] } | undefined;
}

const STATUS_WORDS: Record<OrderStatus, string> = {
  draft: 'still a draft',
  submitted: 'submitted',
  'on-hold': 'on hold',
  approved: 'approved',
  closed: 'closed',
  rejected: 'rejected',
  cancelled: 'canceled',
};
const ACTION_WORDS: Record<OrderAction, string> = {
  submit: 'submitted',
  approve: 'approved',
  hold: 'put on hold',
  resubmit: 'resubmitted',
  reject: 'rejected',
  cancel: 'canceled',
  close: 'closed',
};

/** A close granting guarantee credit while the practice's credit changed (a payment, a grant) at that moment. */
export const CREDIT_MOVED = "The practice's lens credit changed at the same moment. Ship the order again.";

/** A close that lost its tracking number to another order's close between the check and the write. */
export const PARCEL_TAKEN =
  'A tracking number of this order was just recorded for another order. Check the numbers and ship again.';

/**
 * The lab's on-time record, counted in the close's transaction (the dashboard sums days, never scans orders):
 * an order with a promise shipped on its lab-local day, and whether that was by the ship-by day first promised.
 */
function shippedCountersOf(order: Order, calendar: ShippingCalendar): Record<string, number> {
  const { shippedOn, promise } = order;
  if (!shippedOn || !promise) return {};
  const onTime =
    promiseState({ shipBy: promise.firstShipBy, shippedOn, today: shippedOn, calendar }) === 'shipped-on-time';
  return {
    [counterNames.shipped(shippedOn)]: 1,
    ...(onTime ? { [counterNames.shippedOnTime(shippedOn)]: 1 } : {}),
  };
}

/** The message of a refused transition, e.g. "An order that is approved cannot be canceled." */
export function refusedTransitionMessage(status: OrderStatus, action: OrderAction): string {
  return `An order that is ${STATUS_WORDS[status]} cannot be ${ACTION_WORDS[action]}.`;
}

const EMAIL_OF: Partial<Record<StatusAction, OrderEmailKind>> = {
  approve: 'order-approved',
  hold: 'order-on-hold',
  reject: 'order-rejected',
  close: 'order-closed',
  cancel: 'order-cancelled',
  resubmit: 'order-resubmitted',
};

const SAVING = {
  ...ORDER_WRITE_BACKOFF,
  attempts: 8,
  // A refusal the step does not answer itself: another change touched the same counters at that instant, and
  // the order is still as read, so try again.
  retries: (error: unknown) => orderRefusals.is(error),
  exhausted: () => aborted('The order could not be saved just now. Please try again.'),
};

/**
 * The lab's decision in the audit log: status, version and invoice number only. The note, hold message and
 * reject reason are left out: they are written to the practice about one patient's lens.
 */
function recordDecision(action: LabDecision, before: Order, after: Order, deps: Pick<OrderDeps, 'audit'>) {
  const facts = (o: Order) => ({
    orderNumber: o.orderNumber,
    status: o.status,
    version: o.version,
    ...(o.invoiceNumber ? { invoiceNumber: o.invoiceNumber } : {}),
    ...(o.guaranteeApplied ? { guaranteeApplied: o.guaranteeApplied.map((g) => `${g.eye} ${g.remedy}`) } : {}),
  });
  return deps.audit.recordChange({
    action: `order.${action}`,
    target: { type: 'order', id: after.orderId },
    accountNumber: after.accountNumber,
    before: facts(before),
    after: facts(after),
    keep: ['orderNumber'],
  });
}

/**
 * A warranty remake answered with changes stays the exchange it was placed as: the same eyes, each with the
 * same design and quantity (its parameters may change). Otherwise a hold would let a practice swap an
 * exchange's lens for another design or more lenses at the exchange fee.
 */
function keepsExchange(order: Order, fields: CheckedOrderFields): void {
  if (order.remake?.kind !== 'warranty') return;
  const orderNumber = order.remake.ofOrderNumber ?? null;
  const eyes = (lines: { eye: string }[]) =>
    lines
      .map((l) => l.eye)
      .sort()
      .join(' and ');
  if (eyes(fields.lines) !== eyes(order.lines)) {
    const message = `A warranty exchange keeps the eyes it exchanges (${eyes(order.lines)}). For another lens, place a new order.`;
    throw invalidArgument(message, { lines: [message] });
  }
  for (const [i, line] of fields.lines.entries()) {
    const remade = order.lines.find((l) => l.eye === line.eye)!;
    const refusal = likeForLikeRefusal({ remade, line, orderNumber });
    if (refusal)
      throw invalidArgument(refusal, {
        [remade.lensId === line.lensId ? `lines.${i}.quantity` : `lines.${i}.lensId`]: [refusal],
      });
  }
}

/**
 * Every lifecycle change after submit, driven by ORDER_TRANSITIONS: who may take the
 * action, from which status. The change is one transaction: the order (conditional on the version the
 * caller read, so of two admins acting at once one wins and the other is told to reload) plus the status
 * counters the dashboards read and the email to the practice or the lab (the outbox sends it after).
 */
export function changeOrderStatus<A extends StatusAction>(
  action: A,
  caller: Identity,
  input: StatusChangeInput,
  deps: StatusChangeDeps<A>,
  /** The invoice this change issues (the lab's close), written in the same transaction as the order. */
  issueInvoice?: IssueInvoice,
): Promise<Order>;
// Checked by the signature above: `deps` holds what `action` needs, so every port is there when it is used.
export async function changeOrderStatus(
  action: StatusAction,
  caller: Identity,
  input: StatusChangeInput,
  deps: StatusChangeDeps,
  issueInvoice?: IssueInvoice,
): Promise<Order> {
  const transition = ORDER_TRANSITIONS[action];
  // The route table already lets only the right group in; this keeps the rule true if a route changes.
  if ((transition.by === 'lab') !== isLab(caller)) throw permissionDenied();
  const { order, user } = await loadVisibleOrder(caller, input.orderId, deps);
  if (order.version !== input.version) throw aborted(CHANGED_MESSAGES.order);
  const to = nextStatus(order.status, action);
  if (!to) throw aborted(refusedTransitionMessage(order.status, action));
  // Credit hold (docs/decisions/0111-credit-hold.md): the order waits in the queue's credit-hold lane until the
  // billing desk releases the account; a hold placed in the instant after this read does not stop this approval.
  if (action === 'approve' && (await deps.customers.get(order.accountNumber))?.creditHold)
    throw aborted(CREDIT_HOLD_MESSAGES.notApprovable(order.accountNumber));

  const now = deps.now();
  const at = now.toISOString();
  // The stage is a sub-state of the status: entering production or shipping starts at its first stage, and
  // leaving production (a hold) leaves no stage behind.
  const stage = entryStageOf(to);
  const entry: OrderHistoryEntry = {
    at,
    action,
    from: order.status,
    to,
    by: { userId: caller.userId, name: displayName(user, caller.email), actor: transition.by },
    ...(input.note ? { note: input.note } : {}),
    ...(action === 'close' && input.invoiceNumber ? { note: `Invoice ${input.invoiceNumber}` } : {}),
    ...(stage ? { stage } : {}),
  };
  const { stage: _stage, stageAt: _stageAt, ...unstaged } = order;
  let updated: Order = {
    ...unstaged,
    ...(stage ? { stage, stageAt: at } : {}),
    status: to,
    statusAt: at,
    updatedAt: at,
    version: order.version + 1,
    history: [...order.history, entry],
  };
  if (action === 'hold' && input.note) updated.holdMessage = input.note;
  if (action === 'reject' && input.note) updated.rejectReason = input.note;
  if (action === 'close' && input.invoiceNumber) updated.invoiceNumber = input.invoiceNumber;
  if (action === 'resubmit') {
    // The lab's question is answered; the history keeps both the question and the answer.
    delete updated.holdMessage;
    if (input.order) {
      keepsExchange(order, input.order);
      const { lines, totalCents } = await checkedLines(input.order, deps);
      const { poNumber: _po, notes: _notes, ...rest } = updated;
      updated = { ...rest, ...orderContent(input.order, lines), totalCents };
    }
    // The practice may have added or removed files while the order was on hold: list what is stored now.
    updated.attachments = await storedAttachments(order.orderId, deps);
    // Placed again from now (the lab could not work while it waited for the answer); firstShipBy stays.
    const promise = orderPromiseOf(updated, now, (await deps.production.get()).calendar);
    if (promise) updated.promise = promise;
  }
  let shippedCounters: Record<string, number> = {};
  if (action === 'close') {
    const { calendar } = await deps.production.get();
    updated.shippedOn = localDay(now, calendar.timeZone);
    if (input.shipment) updated.parcels = await shipmentParcels(order, input.shipment.parcels, deps);
    shippedCounters = shippedCountersOf(updated, calendar);
    // Applied by itself: the invoice this close issues reads it (free lenses, credit).
    const missed = missedGuarantees(updated, updated.shippedOn, calendar);
    if (missed.length > 0) updated.guaranteeApplied = missed;
  }

  const issued = issueInvoice
    ? await issueInvoice(updated, at, { userId: entry.by.userId, name: entry.by.name })
    : undefined;
  const email = EMAIL_OF[action];
  // Built once per change: every try of the write carries the same message ids, so it is stored once.
  const notices = [
    ...(email ? [orderEmail(deps, email, updated)] : []),
    ...(issued?.notices ?? []),
    // Each parcel shipped is registered with the tracking service once the close stands (the outbox's retries).
    ...(action === 'close' ? parcelTrackingNotices(deps, updated) : []),
    ...orderWebhook(deps, order, updated),
  ];
  return retryOnRefusal(deps, SAVING, async () => {
    try {
      await deps.orders.write({
        order: updated,
        expectedVersion: order.version,
        counters: {
          [counterNames.status(order.status)]: -1,
          [counterNames.status(to)]: 1,
          // A warranty remake that will never ship gives its exchange back (Lens Credit).
          ...(to === 'rejected' || to === 'cancelled' ? exchangeCounterDeltas(order, -1) : {}),
          ...shippedCounters,
        },
        ...(updated.parcels?.length
          ? {
              parcels: updated.parcels.map(({ parcelId, carrier, trackingNumber }) => ({
                parcelId,
                carrier,
                trackingNumber,
              })),
            }
          : {}),
        ...(issued ? { invoice: { invoice: issued.invoice, expectedVersion: issued.expectedVersion } } : {}),
        ...(issued?.credit ? { credit: issued.credit } : {}),
        ...(notices.length ? { notices } : {}),
      });
    } catch (error) {
      if (!orderRefusals.is(error)) throw error;
      if (error.reason === 'order') throw aborted(CHANGED_MESSAGES.order);
      if (error.reason === 'invoice')
        throw aborted(`Invoice ${input.invoiceNumber ?? ''} changed at the same moment. Close the order again.`);
      if (error.reason === 'parcel') throw aborted(PARCEL_TAKEN);
      if (error.reason === 'credit') throw aborted(CREDIT_MOVED);
      throw error;
    }
    if (isLabDecision(action)) await recordDecision(action, order, updated, deps);
    return viewFor(caller, updated, deps);
  });
}
