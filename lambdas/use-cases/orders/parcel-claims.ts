import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted, invalidArgument, permissionDenied } from '../../../core/errors';
import {
  PARCEL_CLAIM_KIND_LABELS,
  PARCEL_CLAIM_MESSAGES,
  parcelReportMessage,
  parcelReportRefusal,
} from '../../../core/rules/parcel-claims';
import { CARRIER_LABELS } from '../../../core/rules/tracking-numbers';
import type {
  DecideParcelClaimInput,
  Order,
  OrderParcel,
  ParcelClaim,
  ReportParcelProblemInput,
} from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { displayName, isLab } from '../../kernel/caller';
import { orderEmail } from './order-email';
import type { OrderDeps } from './order-deps';
import { saveOrderChange } from './save-order-change';
import { loadVisibleOrder, viewFor } from './order-view';

/**
 * Parcel claims (docs/decisions/0100-production-stages-and-the-ship-promise.md, "Claims"): a practice reports a
 * parcel of its shipped order missing or damaged within 30 days of shipping (core/rules/parcel-claims.ts), and
 * the lab replaces the lenses or declines with a reason. Each is one transaction on the version read: the order
 * (the claim and a timeline entry) and the email in the outbox; the audit entry follows.
 */
export type ReportParcelProblemDeps = Pick<OrderDeps, 'orders' | 'users' | 'customers' | 'audit' | 'now' | 'sleep'>;
export type DecideParcelClaimDeps = Pick<OrderDeps, 'orders' | 'users' | 'audit' | 'now' | 'sleep'>;

const parcelName = (parcel: OrderParcel) => `${CARRIER_LABELS[parcel.carrier]} ${parcel.trackingNumber}`;

function parcelOf(order: Order, parcelId: string): OrderParcel {
  const parcel = order.parcels?.find((p) => p.parcelId === parcelId);
  if (!parcel)
    throw invalidArgument(PARCEL_CLAIM_MESSAGES.unknownParcel, { parcelId: [PARCEL_CLAIM_MESSAGES.unknownParcel] });
  return parcel;
}

const withClaim = (order: Order, parcelId: string, claim: ParcelClaim): OrderParcel[] =>
  (order.parcels ?? []).map((p) => (p.parcelId === parcelId ? { ...p, claim } : p));

/**
 * `reportParcelProblem` (the practice): opens a claim on one parcel of its shipped order. Another practice's order
 * is not found; an order not shipped, a parcel already reported or one shipped more than 30 days ago is refused
 * with words that say so. The lab's recipients get the 'parcel-claim-opened' email.
 */
export async function reportParcelProblem(
  caller: Identity,
  input: ReportParcelProblemInput,
  deps: ReportParcelProblemDeps,
): Promise<Order> {
  if (isLab(caller)) throw permissionDenied();
  const { order, user } = await loadVisibleOrder(caller, input.orderId, deps);
  if (order.version !== input.version) throw aborted(CHANGED_MESSAGES.order);
  if (order.status !== 'closed') throw aborted(PARCEL_CLAIM_MESSAGES.notShipped);
  const parcel = parcelOf(order, input.parcelId);
  const now = deps.now();
  const refusal = parcelReportRefusal(order, parcel, now);
  if (refusal === 'too-late') throw invalidArgument(parcelReportMessage(refusal, order));
  if (refusal) throw aborted(parcelReportMessage(refusal, order));

  const at = now.toISOString();
  const by = { userId: caller.userId, name: displayName(user, caller.email) };
  const claim: ParcelClaim = {
    claimId: `${order.orderNumber ?? order.orderId}-${parcel.parcelId}`,
    kind: input.kind,
    note: input.note,
    reportedAt: at,
    reportedBy: by,
    status: 'open',
  };
  const claimed: Order = {
    ...order,
    parcels: withClaim(order, parcel.parcelId, claim),
    updatedAt: at,
    version: order.version + 1,
    history: [
      ...order.history,
      {
        at,
        action: 'parcel-claim',
        from: order.status,
        to: order.status,
        by: { ...by, actor: 'practice' },
        note: `Parcel ${parcelName(parcel)} reported ${PARCEL_CLAIM_KIND_LABELS[input.kind].toLowerCase()}: ${input.note}`,
      },
    ],
  };
  // Built once: a retried write stores the same message.
  await saveOrderChange(deps, order, claimed, [orderEmail(deps, 'parcel-claim-opened', claimed, parcel.parcelId)]);
  // The note is left out: it is about one patient's lenses.
  await deps.audit.recordChange({
    action: 'order.parcel-claim',
    target: { type: 'order', id: order.orderId },
    accountNumber: order.accountNumber,
    before: { orderNumber: order.orderNumber, version: order.version },
    after: {
      orderNumber: order.orderNumber,
      version: claimed.version,
      claimId: claim.claimId,
      parcel: parcelName(parcel),
      kind: claim.kind,
    },
    keep: ['orderNumber'],
  });
  return viewFor(caller, claimed, deps);
}

/**
 * `decideParcelClaim` (the lab): an open claim is replaced (the lab makes new lenses at no charge, a note
 * optional) or declined (the reason required, read by the practice in the 'parcel-claim-decided' email).
 */
export async function decideParcelClaim(
  caller: Identity,
  input: DecideParcelClaimInput,
  deps: DecideParcelClaimDeps,
): Promise<Order> {
  if (!isLab(caller)) throw permissionDenied();
  const { order, user } = await loadVisibleOrder(caller, input.orderId, deps);
  if (order.version !== input.version) throw aborted(CHANGED_MESSAGES.order);
  const parcel = parcelOf(order, input.parcelId);
  const { claim } = parcel;
  if (!claim) throw aborted(PARCEL_CLAIM_MESSAGES.noClaim);
  if (claim.status !== 'open') throw aborted(PARCEL_CLAIM_MESSAGES.notOpen);
  const note = input.note.trim();
  if (input.decision === 'decline' && !note)
    throw invalidArgument(PARCEL_CLAIM_MESSAGES.declineNeedsNote, { note: [PARCEL_CLAIM_MESSAGES.declineNeedsNote] });

  const at = deps.now().toISOString();
  const by = { userId: caller.userId, name: displayName(user, caller.email) };
  const status = input.decision === 'replace' ? 'replaced' : 'declined';
  const decided: ParcelClaim = {
    ...claim,
    status,
    decidedAt: at,
    decidedBy: by,
    ...(note ? { decisionNote: note } : {}),
  };
  const outcome = status === 'replaced' ? 'replacement lenses at no charge' : `claim declined`;
  const changed: Order = {
    ...order,
    parcels: withClaim(order, parcel.parcelId, decided),
    updatedAt: at,
    version: order.version + 1,
    history: [
      ...order.history,
      {
        at,
        action: 'parcel-claim-decide',
        from: order.status,
        to: order.status,
        by: { ...by, actor: 'lab' },
        note: `Parcel ${parcelName(parcel)}: ${outcome}${note ? `. ${note}` : ''}`,
      },
    ],
  };
  await saveOrderChange(deps, order, changed, [orderEmail(deps, 'parcel-claim-decided', changed, parcel.parcelId)]);
  await deps.audit.recordChange({
    action: 'order.parcel-claim-decide',
    target: { type: 'order', id: order.orderId },
    accountNumber: order.accountNumber,
    before: { orderNumber: order.orderNumber, version: order.version, claimId: claim.claimId, claim: claim.status },
    after: { orderNumber: order.orderNumber, version: changed.version, claimId: claim.claimId, claim: status },
    keep: ['orderNumber', 'claimId'],
  });
  return changed;
}
