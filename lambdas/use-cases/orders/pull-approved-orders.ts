import * as z from '../../../core/zod';
import { stageOfOrder } from '../../../core/rules/production-stages';
import type { Order } from '../../../core/schemas/orders';
import type { MachineOrder, MachineOrderPage, MachinePullOrdersInput } from '../../../core/schemas/machine';
import { decodeCursor, encodeCursor } from '../../paging/page-cursor';
import type { OrdersRepository } from '../../ports/orders-repository';

/** Where a pull goes on: after the order approved at `at` with this id (the feed's order is approval time, then id). */
const feedPositionSchema = z.strictObject({
  at: z.string().check(z.maxLength(40)),
  id: z.string().check(z.maxLength(40)),
});
type FeedPosition = z.infer<typeof feedPositionSchema>;

const after = (order: Order, position: FeedPosition | null) =>
  !position || order.statusAt > position.at || (order.statusAt === position.at && order.orderId > position.id);
const byFeedOrder = (a: Order, b: Order) =>
  a.statusAt === b.statusAt ? (a.orderId < b.orderId ? -1 : 1) : a.statusAt < b.statusAt ? -1 : 1;

/**
 * Initials of the patient as the practice wrote them ("Jane van Doe" -> "JVD"): the lab labels the lenses with
 * them; the name itself stays in the portal (minimum necessary, docs/decisions/0104-machine-api.md).
 */
export function patientInitials(patient: string): string {
  return patient
    .split(/[\s,.-]+/)
    .map((word) => word.match(/\p{L}|\p{N}/u)?.[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 4);
}

/** The order as the machine API shows it (core/schemas/machine.ts machineOrderSchema). */
export function toMachineOrder(order: Order): MachineOrder {
  const stage = stageOfOrder(order);
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    accountNumber: order.accountNumber,
    ...(order.poNumber ? { poNumber: order.poNumber } : {}),
    version: order.version,
    ...(stage ? { stage } : {}),
    ...(order.shipping ? { shipping: order.shipping } : {}),
    ...(order.notes ? { notes: order.notes } : {}),
    approvedAt: order.statusAt,
    patientInitials: patientInitials(order.patient),
    lines: order.lines.map((line) => ({
      eye: line.eye,
      lensId: line.lensId,
      designName: line.design.name,
      designType: line.design.type,
      quantity: line.quantity,
      parameters: line.parameters,
      ...(line.notes ? { notes: line.notes } : {}),
    })),
    ...(order.promise ? { shipBy: order.promise.shipBy, arriveBy: order.promise.arriveBy } : {}),
  };
}

/**
 * The approved orders after the cursor, oldest approval first (the byStatus index from the cursor's time on).
 * The answer's cursor is the last order given, or the one passed when none is new, so a client polls with it for
 * ever and never sees an order twice unless it was approved again. Orders approved in the same millisecond are
 * read whole before a page ends, so none is skipped at a page's edge.
 */
export async function pullApprovedOrders(
  input: MachinePullOrdersInput,
  deps: { orders: Pick<OrdersRepository, 'listByStatus'> },
): Promise<MachineOrderPage> {
  const position = input.cursor ? decodeCursor(input.cursor, feedPositionSchema) : null;
  const found: Order[] = [];
  let cursor: string | undefined;
  let lastRead: string | undefined;
  let more = true;
  while (more) {
    const page = await deps.orders.listByStatus({
      status: 'approved',
      sort: 'oldest',
      ...(position ? { from: position.at } : {}),
      limit: input.limit,
      cursor,
    });
    found.push(...page.items.filter((order) => after(order, position)));
    lastRead = page.items.at(-1)?.statusAt ?? lastRead;
    cursor = page.nextCursor ?? undefined;
    more = !!cursor;
    if (found.length < input.limit) continue;
    found.sort(byFeedOrder);
    // Stop once the last order given is older than one already read: its millisecond is then read whole.
    if (lastRead !== undefined && found[input.limit - 1]!.statusAt < lastRead) break;
  }
  found.sort(byFeedOrder);
  const items = found.slice(0, input.limit);
  const last = items.at(-1);
  const next: FeedPosition | null = last ? { at: last.statusAt, id: last.orderId } : position;
  return {
    items: items.map(toMachineOrder),
    cursor: next ? encodeCursor(next) : null,
    hasMore: found.length > input.limit || more,
  };
}
