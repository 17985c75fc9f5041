/**
 * In-memory fakes of the orders ports, with the adapter's rules: conditional writes on the version (or on
 * absence), the order-number sequence claimed in the same "transaction" as the order, counters moved and
 * notices stored only when the whole write succeeds, and the lists' order and filters.
 */
import type { LensDesign } from '../../core/schemas/lenses';
import { DEFAULT_WARRANTY_POLICY } from '../../core/schemas/lenses';
import type { Consult } from '../../core/schemas/consults';
import type { Invoice } from '../../core/schemas/invoices';
import type { Order, OrderLine } from '../../core/schemas/orders';
import type { UserActivity } from '../../core/schemas/activity';
import { NO_AUDIT } from '../../lambdas/audit/audit-trail';
import type { ActiveUsers } from '../../lambdas/ports/active-users';
import type { AttachedFiles } from '../../lambdas/ports/attached-files';
import {
  checkPlacedOrder,
  counterNames,
  foldSearch,
  orderSearchText,
  orderRefusals,
  type OrderWriteRefused,
  type AccountOrdersQuery,
  type OrdersRepository,
  type OrderWrite,
  type ParcelKey,
  type ParcelOwner,
  type StatusOrdersQuery,
} from '../../lambdas/ports/orders-repository';
import type { OrderDeps } from '../../lambdas/use-cases/orders/order-deps';
import { DEFAULT_PRODUCTION_SETTINGS, type ProductionSettings } from '../../core/schemas/production-settings';
import type { ProductionSettingsStore } from '../../lambdas/ports/production-settings';
import { InMemoryOutbox } from './in-memory-outbox';
import { InMemoryMoneyStore } from './in-memory-money';
import { offsetPage } from './offset-page';
import { numberParameter, optionParameter } from './lens-parameters';

export class InMemoryOrders implements OrdersRepository {
  readonly rows = new Map<string, Order>();
  readonly counterValues = new Map<string, number>();
  /** The parcel index: `parcel#carrier#number` to the order and parcel that shipped it. */
  readonly parcelIndex = new Map<string, ParcelOwner>();
  readonly writes: OrderWrite[] = [];
  /** Refusals to answer before the next writes reach the store (simulates contention). */
  readonly pendingRefusals: OrderWriteRefused[] = [];
  /**
   * Where invoices written with an order (the lab's close) go, so money tests can read them; the consults
   * an "Order this" submit marks ordered (share InMemoryConsultStore's rows); and the outbox a write's notices
   * are stored in (share one with the money fake to see every notice of a change).
   */
  constructor(
    readonly invoices: Map<string, Invoice> = new Map(),
    readonly consults: Map<string, Consult> = new Map(),
    readonly outbox: InMemoryOutbox = new InMemoryOutbox(),
    /** The credit ledger a close's credit is written to (share the money fake's to read it back). */
    readonly ledger: Pick<InMemoryMoneyStore, 'balances' | 'entries'> = new InMemoryMoneyStore(),
  ) {}

  async get(orderId: string) {
    const row = this.rows.get(orderId);
    return row ? structuredClone(row) : null;
  }

  async write(request: OrderWrite) {
    checkPlacedOrder(request.order);
    const refusal = this.pendingRefusals.shift();
    if (refusal) throw refusal;
    const stored = this.rows.get(request.order.orderId);
    if (request.expectedVersion === null ? stored : stored?.version !== request.expectedVersion)
      throw orderRefusals.refuse('order');
    if (request.sequence && (this.counterValues.get(counterNames.sequence) ?? 0) !== request.sequence.expected)
      throw orderRefusals.refuse('sequence');
    // The adapter's refusal order: order, sequence, invoice, limit, consult.
    if (request.invoice) {
      const stored = this.invoices.get(request.invoice.invoice.invoiceNumber);
      const expected = request.invoice.expectedVersion;
      if (expected === null ? stored : stored?.version !== expected) throw orderRefusals.refuse('invoice');
    }
    // A ceiling holds only a counter this write moves, as the adapter conditions only the counters it updates.
    for (const [name, limit] of Object.entries(request.counterLimits ?? {})) {
      const delta = request.counters?.[name] ?? 0;
      if (delta !== 0 && (this.counterValues.get(name) ?? 0) + delta > limit) throw orderRefusals.refuse('limit');
    }
    const consult = request.consult ? this.consults.get(request.consult.consultId) : undefined;
    if (request.consult) {
      const orderable = consult?.status === 'answered' || consult?.status === 'ordered';
      if (!orderable || consult.accountNumber !== request.consult.accountNumber) throw orderRefusals.refuse('consult');
    }
    for (const { parcelId: _id, ...key } of request.parcels ?? []) {
      const owner = this.parcelIndex.get(counterNames.parcel(key));
      if (owner && owner.orderId !== request.order.orderId) throw orderRefusals.refuse('parcel');
    }
    const credit = request.credit;
    if (credit) {
      const { availableCents, pendingCents } = credit.balance;
      if (availableCents < 0 || pendingCents < 0)
        throw new Error(`credit balance of ${credit.accountNumber} would go below zero`);
      const balance = this.ledger.balances.get(credit.accountNumber);
      const current = credit.expectedVersion === null ? !balance : balance?.version === credit.expectedVersion;
      const ids = new Set((this.ledger.entries.get(credit.accountNumber) ?? []).map((e) => e.entryId));
      if (!current || credit.entries.some((e) => ids.has(e.entryId))) throw orderRefusals.refuse('credit');
    }
    // Last of the checks, as the adapter's puts are last in its transaction: a message id taken refuses it all.
    try {
      this.outbox.store(request.notices);
    } catch {
      throw orderRefusals.refuse('order');
    }
    if (request.invoice)
      this.invoices.set(request.invoice.invoice.invoiceNumber, structuredClone(request.invoice.invoice));
    this.writes.push(structuredClone(request));
    this.rows.set(request.order.orderId, structuredClone(request.order));
    if (request.sequence) this.counterValues.set(counterNames.sequence, request.sequence.expected + 1);
    if (request.consult && consult) {
      this.consults.set(consult.consultId, {
        ...consult,
        status: 'ordered',
        // The adapter keeps statusAt at the first order when a consult is ordered again.
        statusAt: consult.status === 'ordered' ? consult.statusAt : request.consult.at,
        orderIds: [...consult.orderIds, request.consult.orderId],
        updatedAt: request.consult.at,
        version: consult.version + 1,
      });
    }
    for (const [name, delta] of Object.entries(request.counters ?? {}))
      this.counterValues.set(name, (this.counterValues.get(name) ?? 0) + delta);
    for (const { parcelId, ...key } of request.parcels ?? [])
      this.parcelIndex.set(counterNames.parcel(key), { orderId: request.order.orderId, parcelId });
    if (credit) {
      this.ledger.balances.set(credit.accountNumber, { ...credit.balance, version: (credit.expectedVersion ?? 0) + 1 });
      this.ledger.entries.set(credit.accountNumber, [
        ...(this.ledger.entries.get(credit.accountNumber) ?? []),
        ...structuredClone(credit.entries),
      ]);
    }
  }

  async keepParcelTracker(key: ParcelKey, { trackerId, ...owner }: ParcelOwner & { trackerId: string }) {
    const entry = this.parcelIndex.get(counterNames.parcel(key));
    if (entry?.orderId !== owner.orderId || entry.parcelId !== owner.parcelId) return false;
    this.parcelIndex.set(counterNames.parcel(key), { ...entry, trackerId: entry.trackerId ?? trackerId });
    return true;
  }

  async findParcel(key: ParcelKey) {
    const owner = this.parcelIndex.get(counterNames.parcel(key));
    return owner ? { ...owner } : null;
  }

  async removeDraft(orderId: string, expectedVersion: number) {
    const row = this.rows.get(orderId);
    if (!row || row.status !== 'draft' || row.version !== expectedVersion) return false;
    this.rows.delete(orderId);
    return true;
  }

  async sequenceValue() {
    return this.counterValues.get(counterNames.sequence) ?? 0;
  }

  /** Drafts by when they were started; placed orders by when they were placed (the adapter's sparse index). */
  async listByAccount(query: AccountOrdersQuery) {
    const sortKey = query.status === 'draft' ? 'createdAt' : 'submittedAt';
    const rows = [...this.rows.values()]
      .filter((o) => o.accountNumber === query.accountNumber)
      .filter((o) =>
        query.status === 'draft'
          ? o.status === 'draft' && o.createdBy.userId === query.draftsOf
          : query.status
            ? o.status === query.status
            : o.status !== 'draft',
      )
      .filter((o) => !query.search || orderSearchText(o).includes(foldSearch(query.search)))
      .sort((a, b) => (b[sortKey] ?? '').localeCompare(a[sortKey] ?? ''));
    return offsetPage(`${sortKey}#account#${query.accountNumber}`, rows, query.limit, query.cursor);
  }

  /**
   * Oldest first by statusAt; narrowed to one practice, the adapter reads that practice's placed orders
   * instead, so the order is by submittedAt and the cursor is that list's.
   */
  async listByStatus(query: StatusOrdersQuery) {
    if (query.sort === 'shipBy' && !query.accountNumber) return this.listByShipBy(query);
    const sortKey = query.accountNumber ? 'submittedAt' : 'statusAt';
    const rows = [...this.rows.values()]
      .filter((o) => o.status === query.status)
      .filter((o) => !query.from || o.statusAt >= query.from)
      .filter((o) => !query.to || o.statusAt <= query.to)
      .filter((o) => !query.accountNumber || o.accountNumber === query.accountNumber)
      .filter((o) => !query.search || orderSearchText(o).includes(foldSearch(query.search)))
      .sort((a, b) => (a[sortKey] ?? '').localeCompare(b[sortKey] ?? ''));
    const partition = query.accountNumber ? `submittedAt#account#${query.accountNumber}` : `status#${query.status}`;
    return offsetPage(partition, rows, query.limit, query.cursor);
  }

  /** Soonest ship-by day first, orders with a promise only (the adapter's sparse byShipBy index). */
  private listByShipBy(query: StatusOrdersQuery) {
    const rows = [...this.rows.values()]
      .filter((o) => o.status === query.status && o.promise)
      .filter((o) => !query.from || o.statusAt >= query.from)
      .filter((o) => !query.to || o.statusAt <= query.to)
      .filter((o) => !query.search || orderSearchText(o).includes(foldSearch(query.search)))
      .sort((a, b) => a.promise!.shipBy.localeCompare(b.promise!.shipBy) || a.orderId.localeCompare(b.orderId));
    return offsetPage(`shipBy#${query.status}`, rows, query.limit, query.cursor);
  }

  async counters(names: string[]) {
    return Object.fromEntries(names.map((n) => [n, this.counterValues.get(n) ?? 0]));
  }
}

/** In-memory ProductionSettingsStore: the defaults until a save, saves conditional on the version. */
export class InMemoryProductionSettings implements ProductionSettingsStore {
  stored: ProductionSettings | null = null;

  async get() {
    return structuredClone(this.stored ?? DEFAULT_PRODUCTION_SETTINGS);
  }

  async put(settings: ProductionSettings, expectedVersion: number) {
    if ((this.stored?.version ?? 0) !== expectedVersion) return false;
    this.stored = { ...structuredClone(settings), version: expectedVersion + 1 };
    return true;
  }
}

/**
 * The order ports a test does not look at: no stored files, a log that keeps quiet, an audit trail that
 * records nothing and the lab's default production settings. A test that checks one of them spreads its own
 * fake after these.
 */
export function quietOrderPorts(): Pick<OrderDeps, 'log' | 'audit' | 'claims' | 'production'> & {
  files: Pick<AttachedFiles, 'list' | 'removeAll'>;
} {
  return {
    files: { list: async () => [], removeAll: async () => {} },
    log: { warn: () => {}, error: () => {} },
    audit: NO_AUDIT,
    // No warranty claims: a test of claims and remakes together passes the money fake's.
    claims: { listAccountClaims: async () => [] },
    production: new InMemoryProductionSettings(),
  };
}

/**
 * The order use cases' ports over the given directory, catalogue and clock: fresh in-memory orders (their
 * notices in `orders.outbox`), no waiting between retries, the rest quiet (quietOrderPorts); `ports` may replace
 * any of them.
 */
export function orderPorts<P extends Pick<OrderDeps, 'users' | 'customers' | 'lenses' | 'now'>>(ports: P) {
  return {
    ...quietOrderPorts(),
    orders: new InMemoryOrders(),
    sleep: async () => {},
    ...ports,
  };
}

export class FixedActiveUsers implements ActiveUsers {
  constructor(readonly records: UserActivity[] = []) {}
  readonly calls: number[] = [];
  async since(sinceMs: number, limit: number) {
    this.calls.push(sinceMs);
    return this.records.filter((r) => r.lastActivity >= sinceMs).slice(0, limit);
  }
}

/** A small scleral design with the ranges the tests probe. */
/** The design as an order line keeps it (the price aside: each test says whether the line has one). */
export function designSnapshot(design: LensDesign): Omit<OrderLine['design'], 'priceCents'> {
  const { lensId, name, type, parameters, warrantyDays, warranty, version } = design;
  return { lensId, name, type, parameters, warrantyDays, warranty, version };
}

export function testDesign(overrides: Partial<LensDesign> = {}): LensDesign {
  return {
    lensId: 'scleral-test',
    name: 'Test Scleral',
    type: 'scleral',
    priceCents: 40000,
    warrantyDays: 90,
    warranty: DEFAULT_WARRANTY_POLICY,
    active: true,
    version: 3,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    parameters: [
      numberParameter('sphere', 'Sphere', 'D', -20, 20, 0.25),
      numberParameter('diameter', 'Diameter', 'mm', 14.5, 20, 0.1),
      optionParameter('material', 'Material', [['boston-xo2', 'Boston XO2']], false),
    ],
    ...overrides,
  };
}
