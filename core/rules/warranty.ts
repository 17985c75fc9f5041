import type { WarrantyPolicy } from '../schemas/credit';
import { DEFAULT_WARRANTY_POLICY } from '../schemas/warranty-policy';
import type { Order, OrderLine } from '../schemas/orders';

/**
 * The warranty window and what a design's policy allows: the one home of these rules, used by the order
 * screens, the warranty remake on submit, Lens Credit and the daily "warranty ending" job.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lens Credit highlights a lens in the last days of its window, and the reminder email goes out then. */
export const WARRANTY_ENDING_DAYS = 14;

/** When the order shipped: the lab's close (the last move into `closed`), else its status time. */
export function shippedAtOf(order: Pick<Order, 'status' | 'statusAt' | 'history'>): string | null {
  if (order.status !== 'closed') return null;
  return [...order.history].reverse().find((h) => h.to === 'closed')?.at ?? order.statusAt;
}

/** One lens's warranty window at a moment: the one computation every warranty decision reads. */
export interface WarrantyWindow {
  /** Shipping + the line's design `warrantyDays` x 24 hours (the design snapshot stored on the order). */
  endsAt: Date;
  /** Whole days left: the design's `warrantyDays` at shipping, 0 on the last day, negative once ended. */
  daysLeft: number;
  /** Covered: from shipping up to and including the end instant (`daysLeft >= 0`). */
  open: boolean;
}

/**
 * The window of one lens (one line): it runs from the order's shipping for that line's design's
 * `warrantyDays`, so a two-eye order of two designs has two windows. Lens Credit, the reminder job, claims,
 * the warranty remake on submit and the order screens all decide from this.
 */
export function warrantyWindowOf(shippedAt: string, line: Pick<OrderLine, 'design'>, now: Date): WarrantyWindow {
  const endsAt = new Date(Date.parse(shippedAt) + line.design.warrantyDays * DAY_MS);
  const daysLeft = Math.floor((endsAt.getTime() - now.getTime()) / DAY_MS);
  return { endsAt, daysLeft, open: daysLeft >= 0 };
}

/** The lenses of a shipped order still in their warranty window: what a warranty remake may exchange. */
export function linesInWarranty<L extends Pick<OrderLine, 'design'>>(
  order: Pick<Order, 'status' | 'statusAt' | 'history'> & { lines: readonly L[] },
  now: Date,
): L[] {
  const shippedAt = shippedAtOf(order);
  if (!shippedAt) return [];
  return order.lines.filter((line) => warrantyWindowOf(shippedAt, line, now).open);
}

/** A shipped order is in warranty while any of its lenses is (the order screen's "warranty remake"). */
export function orderInWarranty(order: Pick<Order, 'status' | 'statusAt' | 'history' | 'lines'>, now: Date): boolean {
  return linesInWarranty(order, now).length > 0;
}

/** In the last WARRANTY_ENDING_DAYS of an open window: highlighted on Lens Credit, and the reminder email's days. */
export const endingSoon = (window: WarrantyWindow) => window.open && window.daysLeft <= WARRANTY_ENDING_DAYS;

/** The price of one line as ordered (unit price x quantity); 0 when the design had no price. */
export function linePriceCents(line: Pick<OrderLine, 'design' | 'quantity'>): number {
  return (line.design.priceCents ?? 0) * line.quantity;
}

/**
 * What the practice is billed for one line of an order: the one home of this fact, read by the invoice, by
 * claims (a claim credits what its lens was billed) and by the queues. A warranty exchange bills the
 * policy's fee once per remade eye instead of the lens price (a remake stored before fees were kept bills
 * nothing); any other order bills unit price x quantity.
 */
export function billedLineOf(
  order: Pick<Order, 'remake'>,
  line: Pick<OrderLine, 'design' | 'quantity'>,
): { unitCents: number; quantity: number; amountCents: number; exchangeFee: boolean } {
  if (order.remake?.kind === 'warranty') {
    const fee = order.remake.exchangeFeeCents ?? 0;
    return { unitCents: fee, quantity: 1, amountCents: fee, exchangeFee: true };
  }
  const unitCents = line.design.priceCents ?? 0;
  return { unitCents, quantity: line.quantity, amountCents: unitCents * line.quantity, exchangeFee: false };
}

export const billedCentsOf = (order: Pick<Order, 'remake'>, line: Pick<OrderLine, 'design' | 'quantity'>) =>
  billedLineOf(order, line).amountCents;

/** Credit for cancelling a lens in warranty: what it was billed x the policy's percentage, rounded down. */
export function cancellationCreditCents(billedCents: number, policy: WarrantyPolicy): number {
  return Math.floor((billedCents * policy.cancellationCreditPercent) / 100);
}

/** The policy a line was ordered under (its design snapshot); lines stored before policies get the default. */
export function policyOf(line: { design: { warranty?: WarrantyPolicy | undefined } }): WarrantyPolicy {
  return line.design.warranty ?? DEFAULT_WARRANTY_POLICY;
}

/**
 * What a warranty claim credits when approved, from what the lens was billed (billedCentsOf): a cancellation
 * that x the policy's percentage; a defect all of it (the lens was faulty, the cancellation terms do not
 * apply). A claim on a warranty remake so credits its exchange fee, never the lens's list price: a $0
 * exchange credits $0.
 */
export function claimCreditCents(kind: 'cancellation' | 'defect', billedCents: number, policy: WarrantyPolicy): number {
  return kind === 'defect' ? billedCents : cancellationCreditCents(billedCents, policy);
}

/** Exchanges still allowed for an eye; null when the policy allows any number. */
export function exchangesLeft(policy: WarrantyPolicy, used: number): number | null {
  return policy.exchangesPerEye === null ? null : Math.max(0, policy.exchangesPerEye - used);
}

/** Why an action on a lens is refused under its warranty, or null when it is allowed. */
export function warrantyRefusal(input: {
  shippedAt: string | null;
  line: Pick<OrderLine, 'design'>;
  orderNumber: string | null;
  now: Date;
}): string | null {
  if (!input.shippedAt) return 'Only a lens that has shipped is covered by the warranty.';
  if (!warrantyWindowOf(input.shippedAt, input.line, input.now).open) {
    const days = input.line.design.warrantyDays;
    const order = input.orderNumber ? `order ${input.orderNumber}` : 'this order';
    return `The warranty of ${order} ended ${days} days after it shipped.`;
  }
  return null;
}

/** Why a warranty exchange (remake) of one eye is refused under its policy, or null when one is left. */
export function exchangeRefusal(input: {
  policy: WarrantyPolicy;
  used: number;
  orderNumber: string | null;
  eye: 'OD' | 'OS';
}): string | null {
  if (exchangesLeft(input.policy, input.used) !== 0) return null;
  const allowed = input.policy.exchangesPerEye ?? 0;
  const order = input.orderNumber ? `order ${input.orderNumber}` : 'this order';
  if (allowed === 0) return `The warranty of the ${input.eye} lens of ${order} allows no exchanges.`;
  return `The ${input.eye} lens of ${order} has used ${allowed === 1 ? 'its 1 exchange' : `all ${allowed} exchanges`} allowed under its warranty.`;
}

/**
 * The first order of an order's warranty chain: a warranty remake names it (`originalOrderId`; one stored
 * before chains were kept names only the order it remade), any other order is its own original. Exchanges are
 * counted on the original's lens, so remaking a remake uses up the same exchanges.
 */
export function originalOrderIdOf(order: Pick<Order, 'orderId' | 'remake'>): string {
  if (order.remake?.kind !== 'warranty') return order.orderId;
  return order.remake.originalOrderId ?? order.remake.ofOrderId;
}

/**
 * Why a warranty remake's line is refused, or null: an exchange replaces the lens it remakes like for like,
 * the same design and the same number of lenses (its parameters may change). Another design or more lenses
 * is a new order at its own price (docs/decisions/0058-warranty-chains.md).
 */
export function likeForLikeRefusal(input: {
  remade: Pick<OrderLine, 'eye' | 'lensId' | 'quantity' | 'design'>;
  line: Pick<OrderLine, 'lensId' | 'quantity'>;
  orderNumber: string | null;
}): string | null {
  const { remade, line } = input;
  if (remade.lensId === line.lensId && remade.quantity === line.quantity) return null;
  const order = input.orderNumber ? `order ${input.orderNumber}` : 'the order';
  const lenses = remade.quantity === 1 ? '1 lens' : `${remade.quantity} lenses`;
  return `A warranty exchange of the ${remade.eye} lens of ${order} keeps its design and quantity (${remade.design.name}, ${lenses}). For another design or more lenses, place a new order.`;
}
