import type { OrderStatus } from '../../core/rules/order-lifecycle';
import type { Carrier } from '../../core/rules/tracking-numbers';
import type { Invoice } from '../../core/schemas/invoices';
import type { Order, QueueSort } from '../../core/schemas/orders';
import type { OutboxMessage } from '../kernel/outbox';
import type { CreditChange } from './money-store';
import { refusalsOf, type WriteRefused } from '../kernel/write-refused';

/**
 * The orders table (pk orderId; GSIs byAccount (accountNumber, createdAt), placedByAccount (accountNumber,
 * submittedAt: placed orders only) and byStatus (status, statusAt)) and the counters written with it. Every
 * list is a Query on an index, never a Scan.
 */

/** Why a write was refused. */
export type OrderWriteRefusal =
  /** The order is not in the state the write expected (exists already, or another version). */
  | 'order'
  /** Another order took the order-number sequence value first: read it again and retry. */
  | 'sequence'
  /** The invoice written with the order (closing issues it) was not in the state expected. */
  | 'invoice'
  /** A counter named in `counterLimits` would pass its ceiling (an eye's warranty exchanges are used up). */
  | 'limit'
  /** The consult named in `consult` is not that account's, or not answered (nor ordered before). */
  | 'consult'
  /** A tracking number named in `parcels` is already recorded for another order. */
  | 'parcel'
  /** The account's credit balance written with the order (a ship guarantee's credit) moved since it was read. */
  | 'credit'
  /** DynamoDB refused a transaction that overlapped another one in flight: retry. */
  | 'contention';

export type OrderWriteRefused = WriteRefused<OrderWriteRefusal>;
export const orderRefusals = refusalsOf<OrderWriteRefusal>('order');

export interface OrderWrite {
  order: Order;
  /** null: the order must not exist yet; a number: the stored version must be exactly this. */
  expectedVersion: number | null;
  /** Counter deltas written in the same transaction (see counterNames). */
  counters?: Record<string, number>;
  /**
   * Ceilings for some of those counters: the whole write is refused ('limit') when a delta would take its
   * counter above the ceiling. A warranty remake counts an eye's exchanges against its policy this way, so
   * two remakes placed at the same moment cannot both take the last exchange.
   */
  counterLimits?: Record<string, number>;
  /** The order-number sequence value read before; the write stores `expected + 1` only if still `expected`. */
  sequence?: { expected: number };
  /** An invoice issued by this change (the lab's close), written in the same transaction. */
  invoice?: { invoice: Invoice; expectedVersion: number | null };
  /**
   * "Order this": the consult whose answer the order places, marked ordered in the same transaction (status
   * `ordered`, `orderId` added to its orderIds, version + 1) if it is still the account's and answered or
   * ordered before; otherwise the whole write is refused ('consult').
   */
  consult?: { consultId: string; accountNumber: string; orderId: string; at: string };
  /**
   * The notices this change causes (the order email; the invoice email of a close), stored in the outbox in the
   * same transaction: a refused write stores none. A message id already stored refuses the write ('order').
   */
  notices?: OutboxMessage[];
  /**
   * The parcels a close ships: each tracking number recorded as this order's in the same transaction (the way
   * back from a carrier's event to the order). A number another order holds refuses the write ('parcel').
   */
  parcels?: (ParcelKey & { parcelId: string })[];
  /**
   * Lens credit granted by this change (a close that missed a ship guarantee), written with the order: the
   * entries and the balance, conditional on the version read ('credit' when it moved; an entry id used before
   * refuses it too).
   */
  credit?: CreditChange;
}

/** A tracking number as the parcel index keys it (normalized, with its carrier). */
export interface ParcelKey {
  carrier: Carrier;
  trackingNumber: string;
}

/** Which order (and which of its parcels) a tracking number belongs to. */
export interface ParcelOwner {
  orderId: string;
  parcelId: string;
  /** The tracking service's id for the parcel, once it was registered there. */
  trackerId?: string;
}

export interface OrderPage {
  items: Order[];
  nextCursor: string | null;
}

export interface AccountOrdersQuery {
  accountNumber: string;
  /** Only this status; none: every status but drafts. */
  status?: OrderStatus | undefined;
  /** Drafts are private: only those this user created are listed. */
  draftsOf: string;
  /** Folded text matched against order number, patient and PO number. */
  search?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface StatusOrdersQuery {
  status: OrderStatus;
  /**
   * `oldest` (the default): by statusAt. `shipBy`: soonest ship-by day first, from the sparse byShipBy index, so
   * only orders with a promise; narrowed to one practice, the practice's list order is kept.
   */
  sort?: QueueSort | undefined;
  accountNumber?: string | undefined;
  /** ISO timestamps bounding `statusAt` (inclusive). */
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface OrdersRepository {
  get(orderId: string): Promise<Order | null>;
  /**
   * Conditional put (and counters/sequence in one transaction). Throws OrderWriteRefused; a placed order
   * without `submittedAt` is a bug and is refused before anything is written (`checkPlacedOrder`).
   */
  write(request: OrderWrite): Promise<void>;
  /** Deletes a draft at this version; false when it was not there (or changed). */
  removeDraft(orderId: string, expectedVersion: number): Promise<boolean>;
  /** The order-number sequence's current value (0 before the first order). */
  sequenceValue(): Promise<number>;
  /**
   * Placed orders newest first by when they were placed (order-number order); the caller's drafts
   * newest first by when they were started.
   */
  listByAccount(query: AccountOrdersQuery): Promise<OrderPage>;
  /**
   * Oldest first by statusAt. Narrowed to one practice it reads that practice's placed orders instead:
   * oldest first by when they were placed, and its cursor is the practice's list cursor.
   */
  listByStatus(query: StatusOrdersQuery): Promise<OrderPage>;
  /** Current values of these counters (missing ones are 0). */
  counters(names: string[]): Promise<Record<string, number>>;
  /** The order a tracking number was shipped with (recorded by the close's write), or null. */
  findParcel(key: ParcelKey): Promise<ParcelOwner | null>;
  /**
   * Keeps the tracking service's id on the parcel's index entry (the first one kept stays), only while the
   * number is still that order's parcel; false when it is not. The order itself is not written, so its version
   * does not move and nobody who read it just before is told it changed.
   */
  keepParcelTracker(key: ParcelKey, owner: ParcelOwner & { trackerId: string }): Promise<boolean>;
}

/**
 * A placed order (any status but draft) carries `submittedAt`, and a draft never does: a practice's lists read
 * the index keyed by it, so a placed order without it would silently drop out of them, and a draft with it
 * would show to the whole practice. submitOrder sets it; this catches a write that breaks either rule.
 */
export function checkPlacedOrder(order: Pick<Order, 'orderId' | 'status' | 'submittedAt'>): void {
  if (order.status !== 'draft' && !order.submittedAt)
    throw new Error(`Order ${order.orderId} is ${order.status} without submittedAt; its practice could not list it.`);
  if (order.status === 'draft' && order.submittedAt)
    throw new Error(`Draft ${order.orderId} has a submittedAt; it would be listed as a placed order.`);
}

/** The counters table's names: one place, so writers and readers agree. */
export const counterNames = {
  sequence: 'orderNumber',
  status: (status: OrderStatus) => `status#${status}`,
  week: (weekStart: string) => `week#${weekStart}`,
  account: (accountNumber: string) => `account#${accountNumber}`,
  /**
   * Warranty exchanges (remakes) placed for one eye of an ORIGINAL order, over its whole chain (a remake of a
   * remake counts here too), against the original line's policy (Lens Credit).
   */
  exchanges: (orderId: string, eye: string) => `exchanges#${orderId}#${eye}`,
  /**
   * 1 while one lens (this order's eye) has a live warranty remake: it was exchanged, so it cannot be
   * exchanged again (its remake can) nor claimed for credit. Written with a ceiling of 1.
   */
  remade: (orderId: string, eye: string) => `remade#${orderId}#${eye}`,
  /** Orders shipped on a lab-local day that had a promise, and those of them shipped by their first ship-by day. */
  shipped: (day: string) => `shipped#${day}`,
  shippedOnTime: (day: string) => `shippedOnTime#${day}`,
  /**
   * Not a counter: the parcel index item of one tracking number (`orderId`, `parcelId`), in the same table so a
   * close writes it in its own transaction and a carrier's event finds the order with one GetItem.
   */
  parcel: ({ carrier, trackingNumber }: ParcelKey) => `parcel#${carrier}#${trackingNumber}`,
} as const;

/**
 * The exchange counters a warranty remake moves: +1 per remade eye when it is placed, -1 when it is rejected
 * or cancelled (the exchange was never made): the chain's count on the original order's lens, and the mark
 * on the lens it replaced. Remakes placed before exchanges were counted carry no `exchangeFeeCents` and moved
 * nothing; those placed before chains were kept (no `originalOrderId`) counted on the order they remade and
 * wrote no mark: each gives back only what it moved.
 */
export function exchangeCounterDeltas(order: Pick<Order, 'remake' | 'lines'>, delta: number): Record<string, number> {
  const remake = order.remake;
  if (remake?.kind !== 'warranty' || remake.exchangeFeeCents === undefined) return {};
  const original = remake.originalOrderId;
  return Object.fromEntries(
    order.lines.flatMap((line) => [
      [counterNames.exchanges(original ?? remake.ofOrderId, line.eye), delta],
      ...(original ? [[counterNames.remade(remake.ofOrderId, line.eye), delta]] : []),
    ]),
  );
}

/** Lower-cased, whitespace-folded text an order list's search matches against. */
export function foldSearch(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

export function orderSearchText(order: Pick<Order, 'orderNumber' | 'patient' | 'poNumber'>): string {
  return foldSearch([order.orderNumber ?? '', order.patient, order.poNumber ?? ''].join(' | '));
}

/** Monday (UTC) of the week an ISO timestamp falls in, as YYYY-MM-DD. */
export function weekStartOf(iso: string): string {
  const date = new Date(iso);
  const day = (date.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}
