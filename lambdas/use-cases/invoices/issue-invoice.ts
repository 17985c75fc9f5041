import { aborted, invalidArgument } from '../../../core/errors';
import { PARCELS_MESSAGES } from '../../../core/schemas/tracking-numbers';
import { dueDateOf } from '../../../core/rules/invoice-balance';
import { billedLineOf } from '../../../core/rules/warranty';
import type { Invoice, InvoiceLine } from '../../../core/schemas/invoices';
import { DEFAULT_PAYMENT_TERMS_DAYS } from '../../../core/schemas/money';
import { SHIPPING_PRICES_CENTS, type Order } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import type { CustomersRepository } from '../../ports/customers-repository';
import { moneyNotice, moneyNotices } from '../../ports/money-notifier';
import type { CreditChange, MoneyStore } from '../../ports/money-store';
import type { CreditEntry } from '../../../core/schemas/credit';
import { dayForPeople } from '../../../core/rules/calendar-days';
import type { OutboxMessage } from '../../kernel/outbox';
import type { OrderWrite } from '../../ports/orders-repository';
import { changeOrderStatus, type IssuedInvoice, type ShipmentParcelInput, type StatusChangeDeps } from '../orders';
import { withTotals } from './invoice-views';

export interface CloseOrderInput {
  orderId: string;
  version: number;
  /** Upper-cased by invoiceNumberSchema, as every stored invoice number is. */
  invoiceNumber: string;
  shippingCents?: number | undefined;
  taxCents: number;
  /** The parcels shipped, with their tracking numbers; or none and `noTracking` (hand delivery, the lab's courier). */
  parcels: readonly ShipmentParcelInput[];
  noTracking?: true | undefined;
}

export type CloseOrderDeps = StatusChangeDeps<'close'> & {
  money: Pick<MoneyStore, 'getInvoice' | 'getCreditBalance'>;
  customers: Pick<CustomersRepository, 'get'>;
};

/** What an invoice line says when a missed ship guarantee made its lenses free. */
export const SHIP_GUARANTEE_FREE_NOTE = 'Ship guarantee: lenses free';

/**
 * The lens credit a close grants for its missed ship guarantees (remedy 'credit'), one entry per line, on top of
 * the account's balance as read now: the entry id is the order's and the eye's, so the credit is granted once
 * however often the close is tried. Each entry emails the practice, as any grant does.
 */
async function guaranteeCredit(
  order: Order,
  at: string,
  actor: { userId: string; name: string },
  deps: Pick<CloseOrderDeps, 'money' | 'now'>,
): Promise<{ credit: CreditChange; notices: OutboxMessage[] } | undefined> {
  const owed = (order.guaranteeApplied ?? []).filter((g) => g.remedy === 'credit' && g.creditCents);
  if (owed.length === 0) return undefined;
  const balance = await deps.money.getCreditBalance(order.accountNumber);
  let available = balance.availableCents;
  const entries: CreditEntry[] = owed.map((g) => {
    available += g.creditCents!;
    return {
      accountNumber: order.accountNumber,
      entryId: `ship-guarantee-${order.orderId}-${g.eye}`,
      at,
      kind: 'grant',
      reason: 'ship-guarantee',
      amountCents: g.creditCents!,
      balanceAfterCents: available,
      note: `Order ${order.orderNumber ?? ''} (${g.eye}) shipped after its guaranteed day, ${dayForPeople(g.shipBy)}.`,
      by: actor,
      orderId: order.orderId,
      ...(order.orderNumber ? { orderNumber: order.orderNumber } : {}),
      eye: g.eye,
    };
  });
  return {
    credit: {
      accountNumber: order.accountNumber,
      entries,
      balance: { availableCents: available, pendingCents: balance.pendingCents },
      expectedVersion: balance.exists ? balance.version : null,
    },
    notices: entries.map((entry) => moneyNotice(deps, { kind: 'credit-granted', entry, to: [] })),
  };
}

/**
 * The invoice lines of an order, priced from the prices stored on the order when it was placed. A warranty
 * exchange bills the policy's exchange fee instead of the lens price (billedLineOf, which claims read too).
 */
export function invoiceLinesOf(order: Order): InvoiceLine[] {
  return order.lines.map((line) => {
    const billed = billedLineOf(order, line);
    // A missed ship guarantee whose remedy is free lenses: the line stays on the invoice, billed nothing, saying why.
    const free = order.guaranteeApplied?.some((g) => g.eye === line.eye && g.remedy === 'free-lenses');
    const { unitCents, quantity, amountCents } = free ? { ...billed, unitCents: 0, amountCents: 0 } : billed;
    const name = billed.exchangeFee ? `${line.design.name}, warranty exchange fee` : line.design.name;
    return {
      description: free ? `${name} (${SHIP_GUARANTEE_FREE_NOTE})` : name,
      quantity,
      unitCents,
      amountCents,
      orderId: order.orderId,
      ...(order.orderNumber ? { orderNumber: order.orderNumber } : {}),
      patient: order.patient,
      eye: line.eye,
      lensId: line.lensId,
    };
  });
}

/**
 * The invoice a close issues: a new one, or the order added to an open invoice of the same account that
 * nothing was paid on yet (one invoice may cover several orders). Anything else is refused.
 */
export async function invoiceForClose(
  order: Order,
  input: Pick<CloseOrderInput, 'invoiceNumber' | 'shippingCents' | 'taxCents'>,
  actor: { userId: string; name: string },
  at: string,
  deps: Pick<CloseOrderDeps, 'money' | 'customers'>,
): Promise<NonNullable<OrderWrite['invoice']>> {
  const { invoiceNumber } = input;
  const shippingCents = input.shippingCents ?? (order.shipping ? SHIPPING_PRICES_CENTS[order.shipping.method] : 0);
  const existing = await deps.money.getInvoice(invoiceNumber);
  if (existing) {
    if (existing.accountNumber !== order.accountNumber)
      throw aborted(`Invoice number ${invoiceNumber} is used for another account. Choose another number.`);
    if (existing.status !== 'open' || existing.settlements.length > 0)
      throw aborted(`Invoice ${invoiceNumber} already has payments or is closed. Choose another number.`);
    if (existing.orderIds.includes(order.orderId))
      throw aborted(`Order ${order.orderNumber ?? ''} is already on invoice ${invoiceNumber}.`);
    const invoice = withTotals({
      ...existing,
      orderIds: [...existing.orderIds, order.orderId],
      lines: [...existing.lines, ...invoiceLinesOf(order)],
      shippingCents: existing.shippingCents + shippingCents,
      taxCents: existing.taxCents + input.taxCents,
      updatedAt: at,
      version: existing.version + 1,
    });
    return { invoice, expectedVersion: existing.version };
  }
  const customer = await deps.customers.get(order.accountNumber);
  const invoice: Invoice = withTotals({
    invoiceNumber,
    accountNumber: order.accountNumber,
    orderIds: [order.orderId],
    lines: invoiceLinesOf(order),
    shippingCents,
    taxCents: input.taxCents,
    status: 'open',
    issuedAt: at,
    dueDate: dueDateOf(at, customer?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS),
    settlements: [],
    createdBy: actor,
    updatedAt: at,
    version: 0,
  });
  return { invoice, expectedVersion: null };
}

/**
 * The lab's close: the order is closed and its invoice issued in one transaction, which also stores the
 * practice's order-closed email and the invoice email (outbox messages, sent after).
 */
export function closeOrderWithInvoice(caller: Identity, input: CloseOrderInput, deps: CloseOrderDeps): Promise<Order> {
  // The schema refuses it first; this keeps the rule for any other caller.
  if (input.parcels.length === 0 && !input.noTracking)
    return Promise.reject(invalidArgument(PARCELS_MESSAGES.required, { parcels: [PARCELS_MESSAGES.required] }));
  return changeOrderStatus(
    'close',
    caller,
    {
      orderId: input.orderId,
      version: input.version,
      invoiceNumber: input.invoiceNumber,
      shipment: { parcels: input.parcels },
    },
    deps,
    async (current, at, actor): Promise<IssuedInvoice> => {
      const write = await invoiceForClose(current, input, actor, at, deps);
      const orderer = await deps.users.get(current.createdBy.userId);
      // To whoever placed the order; `to: []` (none found) means every user linked to the account.
      const to = orderer?.email ? [orderer.email] : [];
      const granted = await guaranteeCredit(current, at, actor, deps);
      return {
        ...write,
        ...(granted ? { credit: granted.credit } : {}),
        notices: [
          ...moneyNotices(deps, { kind: 'invoice-issued', invoice: write.invoice, to }),
          ...(granted?.notices ?? []),
        ],
      };
    },
  );
}
