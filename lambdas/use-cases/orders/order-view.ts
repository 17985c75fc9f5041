import { CHANGED_MESSAGES, LENS_MESSAGES } from '../../../core/messages';
import { aborted, invalidArgument, notFound, type FieldErrors } from '../../../core/errors';
import { validateLensParameters } from '../../../core/rules/lens-parameters';
import type { OrderFields, Order, OrderLine, OrderSummary } from '../../../core/schemas/order';
import type { orderFieldsSchema } from '../../../core/schemas/order';
import type { UserProfile } from '../../../core/schemas/user-profile';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import type { Clock } from '../../kernel/clock';
import { notify, type Notifier } from '../../kernel/notify';
import type { RetryPolicy } from '../../kernel/retry';
import type { Logger } from '../../ports/logger';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { LensCatalogue } from '../../ports/lens-catalogue';
import type { AttachedFiles } from '../../ports/attached-files';
import type { OrderEmailKind, OrderNotifier } from '../../ports/order-notifier';
import type { MoneyStore } from '../../ports/money-store';
import type { OrdersRepository } from '../../ports/orders-repository';
import type { UsersRepository } from '../../ports/users-repository';
import { callerAccounts, isLab } from '../../kernel/caller';
import { ORDER_NOT_FOUND, orderAttachmentsOf } from './order-attachments';

export { ORDER_NOT_FOUND };
import type { AuditTrail } from '../../ports/audit-log';

export type CheckedOrderFields = z.infer<typeof orderFieldsSchema>;
export type { OrderFields };

/**
 * Every port an order use case may use. Each use case asks for the ones it needs (`Pick<OrderDeps, ...>`),
 * and those are required: a handler that forgets one fails to compile rather than at run time.
 */
export interface OrderDeps extends Clock {
  orders: OrdersRepository;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  lenses: Pick<LensCatalogue, 'get'>;
  notifier: OrderNotifier;
  /** Warranty claims: a lens a claim holds cannot be exchanged (the warranty remake on submit). */
  claims: Pick<MoneyStore, 'listAccountClaims'>;
  /** The order's stored files: `attachments` is built from them (submit, resubmit, draft saves). */
  files: Pick<AttachedFiles, 'list'>;
  log: Pick<Logger, 'warn' | 'error'>;
  /** The request's audit trail (`ctx.audit`): the lab's decisions are recorded. */
  audit: AuditTrail;
}

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
    lenses,
  };
}

/**
 * Checks every line against its design as stored now (active, parameters in range and on step) and answers
 * the lines with a snapshot of the design, so later catalogue edits never change a placed order.
 * Field errors are keyed like the form's fields: `lines.0.parameters.sphere`.
 */
export async function checkedLines(
  fields: CheckedOrderFields,
  deps: Pick<OrderDeps, 'lenses'>,
): Promise<{ lines: OrderLine[]; totalCents: number }> {
  const errors: FieldErrors = {};
  const lines: OrderLine[] = [];
  let totalCents = 0;
  for (const [i, line] of fields.lines.entries()) {
    const design = await deps.lenses.get(line.lensId);
    if (!design || !design.active) {
      errors[`lines.${i}.lensId`] = [LENS_MESSAGES.designNotAvailable];
      continue;
    }
    const problems = validateLensParameters(design.parameters, line.parameters);
    for (const [key, message] of Object.entries(problems)) errors[`lines.${i}.parameters.${key}`] = [message];
    const priceCents = design.priceCents ?? 0;
    totalCents += priceCents * line.quantity;
    lines.push({
      eye: line.eye,
      lensId: line.lensId,
      parameters: line.parameters,
      quantity: line.quantity,
      ...(line.notes ? { notes: line.notes } : {}),
      design: {
        lensId: design.lensId,
        name: design.name,
        type: design.type,
        parameters: design.parameters,
        warrantyDays: design.warrantyDays,
        warranty: design.warranty,
        version: design.version,
        priceCents,
      },
    });
  }
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]![0]!;
    throw invalidArgument(Object.keys(errors).length === 1 ? first : LENS_MESSAGES.parametersNotValid, errors);
  }
  return { lines, totalCents };
}

/**
 * The parts of an order taken from the practice's checked form, with the checked lines; optional texts left
 * empty are left out rather than stored empty. Submitting and answering a hold with changes store them alike.
 * The form's own `attachments` are not among them: the server lists what is stored (storedAttachments).
 */
export function orderContent(fields: CheckedOrderFields, lines: OrderLine[]) {
  return {
    patient: fields.patient,
    ...(fields.poNumber ? { poNumber: fields.poNumber } : {}),
    lines,
    shipping: fields.shipping,
    ...(fields.notes ? { notes: fields.notes } : {}),
  } satisfies Partial<Order>;
}

/**
 * An order's `attachments` as the server finds them: the files stored under the order whose
 * first bytes fit their type. What a client sends as `attachments` is accepted by the schemas (older web
 * builds send it) and ignored.
 */
export async function storedAttachments(
  orderId: string,
  deps: Pick<OrderDeps, 'files'>,
): Promise<Order['attachments']> {
  return orderAttachmentsOf(orderId, deps.files);
}

/** Emails the orderer about a stored change; looking up their address is part of sending it. */
export function notifyOrderer(
  deps: Pick<OrderDeps, 'notifier' | 'users' | 'log'>,
  kind: OrderEmailKind,
  order: Order,
): Promise<void> {
  const orderer: Notifier<{ kind: OrderEmailKind }> = {
    async notify() {
      const user = await deps.users.get(order.createdBy.userId);
      // Emails carry no prices (an account may not be allowed to see them; the lab has the order screen).
      await deps.notifier.notify(kind, withoutPrices(order), user?.email ?? null);
    },
  };
  return notify({ notifier: orderer, log: deps.log }, 'order', { kind }, { orderId: order.orderId });
}

/** The backoff of an order write DynamoDB refused because another transaction on the same items was in flight. */
export const ORDER_WRITE_BACKOFF: Omit<RetryPolicy, 'attempts'> = { baseMs: 15, jitterMs: 40 };

export const refusedChange = () => aborted(CHANGED_MESSAGES.order);
