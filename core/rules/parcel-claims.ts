/**
 * The lab's terms for a parcel that never arrived or arrived damaged: the practice reports it within
 * PARCEL_CLAIM_DAYS of shipping, which opens a claim; the lab replaces the lenses or declines with a reason
 * (docs/decisions/0100-production-stages-and-the-ship-promise.md, "Claims"). Pure, so the parcels card offers
 * "Report a problem" exactly while the server takes one.
 */
import { dayForPeople } from './calendar-days';
import { DECLINE_NEEDS_NOTE, PARCEL_CLAIM_DAYS, type ParcelClaimKind } from './parcel-claim-terms';

export * from './parcel-claim-terms';

export const PARCEL_CLAIM_KIND_LABELS: Record<ParcelClaimKind, string> = {
  missing: 'Missing',
  damaged: 'Damaged',
};

export const PARCEL_CLAIM_MESSAGES = {
  notShipped: 'Only a parcel of a shipped order can be reported.',
  claimed: 'A problem with this parcel was already reported.',
  unknownParcel: 'This order has no such parcel.',
  notOpen: 'This claim was already decided.',
  noClaim: 'No problem was reported with this parcel.',
  declineNeedsNote: DECLINE_NEEDS_NOTE,
} as const;

/** Why a parcel cannot be reported, or null when it can. */
export type ParcelReportRefusal = 'not-shipped' | 'claimed' | 'too-late';

/** What the rule reads of an order (structural: the order schema imports this folder, not the reverse). */
interface ShippedFacts {
  status: string;
  statusAt: string;
  shippedOn?: string | undefined;
}
/** What the rule reads of a parcel. */
interface ParcelFacts {
  claim?: object | undefined;
}

/**
 * The instant the order shipped: a closed order's `statusAt` is its close (delivery moves the stage, never the
 * status), so it is the start of the window. Null for an order not shipped.
 */
export function shippedAtOf(order: ShippedFacts): string | null {
  return order.status === 'closed' ? order.statusAt : null;
}

/** The lab-local day the order shipped, written for people; the close's UTC day for orders closed before that. */
export function shippedDayForPeople(order: ShippedFacts): string {
  return dayForPeople(order.shippedOn ?? order.statusAt.slice(0, 10));
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function parcelReportRefusal(order: ShippedFacts, parcel: ParcelFacts, now: Date): ParcelReportRefusal | null {
  const shippedAt = shippedAtOf(order);
  if (shippedAt === null) return 'not-shipped';
  if (parcel.claim) return 'claimed';
  if (now.getTime() - Date.parse(shippedAt) > PARCEL_CLAIM_DAYS * DAY_MS) return 'too-late';
  return null;
}

/** True while the practice may report this parcel: the order shipped, no claim yet, within 30 x 24 h of the close. */
export function canReportParcel(order: ShippedFacts, parcel: ParcelFacts, now: Date): boolean {
  return parcelReportRefusal(order, parcel, now) === null;
}

/** The refusal's words for the practice. */
export function parcelReportMessage(refusal: ParcelReportRefusal, order: ShippedFacts): string {
  switch (refusal) {
    case 'not-shipped':
      return PARCEL_CLAIM_MESSAGES.notShipped;
    case 'claimed':
      return PARCEL_CLAIM_MESSAGES.claimed;
    case 'too-late':
      return `Claims are taken within ${PARCEL_CLAIM_DAYS} days of shipping: this parcel shipped on ${shippedDayForPeople(order)}.`;
  }
}
