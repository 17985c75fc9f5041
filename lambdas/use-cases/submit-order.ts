import type { z } from 'zod';
import { aborted, invalidArgument, notFound } from '../../core/errors';
import type { Order, submitOrderInputSchema } from '../../core/schemas/order';
import type { Identity } from '../auth/verify-token';
import { counterNames, OrderWriteRefused, weekStartOf } from '../ports/orders-repository';
import {
  ACCOUNT_NOT_FOUND,
  backoffMs,
  callerAccounts,
  checkedLines,
  displayName,
  notifySafely,
  nowOf,
  orderContent,
  ORDER_CHANGED,
  ORDER_NOT_FOUND,
  sleepOf,
  viewFor,
  type CheckedOrderFields,
  type OrderDeps,
} from './order-common';

type SubmitInput = z.infer<typeof submitOrderInputSchema>;

const MAX_ATTEMPTS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "LL-000042": the lab's human order number. */
export function formatOrderNumber(sequence: number): string {
  return `LL-${String(sequence).padStart(6, '0')}`;
}

/**
 * A reorder or warranty remake must point to an order of the same account; a warranty remake only to a
 * closed (shipped) order, within its design's warranty days of closing.
 */
async function checkedRemake(fields: CheckedOrderFields, accountNumber: string, now: Date, deps: OrderDeps) {
  if (!fields.remake) return undefined;
  const original = await deps.orders.get(fields.remake.ofOrderId);
  if (!original || original.accountNumber !== accountNumber || original.status === 'draft') {
    throw invalidArgument('The order to remake was not found for this account.', {
      'remake.ofOrderId': ['The order to remake was not found for this account.'],
    });
  }
  if (fields.remake.kind === 'warranty') {
    if (original.status !== 'closed')
      throw invalidArgument('A warranty remake is possible only for an order that has shipped.', {
        'remake.kind': ['A warranty remake is possible only for an order that has shipped.'],
      });
    const days = Math.max(0, ...original.lines.map((l) => l.design.warrantyDays));
    if (now.getTime() > Date.parse(original.statusAt) + days * DAY_MS)
      throw invalidArgument(`The warranty of order ${original.orderNumber} ended ${days} days after it shipped.`, {
        'remake.kind': [`The warranty of order ${original.orderNumber} ended ${days} days after it shipped.`],
      });
  }
  return { ...fields.remake, ...(original.orderNumber ? { ofOrderNumber: original.orderNumber } : {}) };
}

/**
 * Places an order (issue 5 item 2). Idempotent by orderId: the write is one transaction that claims the next
 * order number (a conditional update of the sequence), turns the draft into the order (or creates it when
 * there was no draft) and counts it, so concurrent identical submits store one order, and the losers answer
 * the order the winner stored.
 */
export async function submitOrder(caller: Identity, input: SubmitInput, deps: OrderDeps): Promise<Order> {
  const { user, linked } = await callerAccounts(caller, deps);
  if (!linked.includes(input.accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);

  const answerStored = async (stored: Order | null): Promise<Order | null> => {
    if (!stored) return null;
    if (stored.createdBy.userId !== caller.userId || !linked.includes(stored.accountNumber))
      throw notFound(ORDER_NOT_FOUND);
    return stored.status === 'draft' ? null : viewFor(caller, stored, deps);
  };

  const existing = await deps.orders.get(input.orderId);
  const already = await answerStored(existing);
  if (already) return already;

  const now = nowOf(deps);
  const at = now.toISOString();
  const { lines, totalCents } = await checkedLines(input.order, deps);
  const remake = await checkedRemake(input.order, input.accountNumber, now, deps);
  const name = existing?.createdBy.name ?? displayName(user, caller.email);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const sequence = await deps.orders.sequenceValue();
    const order: Order = {
      orderId: input.orderId,
      orderNumber: formatOrderNumber(sequence + 1),
      accountNumber: input.accountNumber,
      status: 'submitted',
      ...orderContent(input.order, lines),
      ...(remake ? { remake } : {}),
      history: [
        ...(existing?.history ?? []),
        {
          at,
          action: 'submit',
          from: existing ? 'draft' : null,
          to: 'submitted',
          by: { userId: caller.userId, name, actor: 'practice' },
        },
      ],
      createdBy: existing?.createdBy ?? { userId: caller.userId, name },
      createdAt: existing?.createdAt ?? at,
      submittedAt: at,
      statusAt: at,
      updatedAt: at,
      version: existing ? existing.version + 1 : 0,
      totalCents,
    };
    try {
      await deps.orders.write({
        order,
        expectedVersion: existing ? existing.version : null,
        sequence: { expected: sequence },
        counters: {
          [counterNames.status('submitted')]: 1,
          [counterNames.week(weekStartOf(at))]: 1,
          [counterNames.account(input.accountNumber)]: 1,
        },
      });
    } catch (error) {
      if (!(error instanceof OrderWriteRefused)) throw error;
      if (error.reason === 'order') {
        const stored = await deps.orders.get(input.orderId);
        const answer = await answerStored(stored);
        if (answer) return answer;
        // The draft was saved again (another tab) between our read and this write.
        throw aborted(ORDER_CHANGED);
      }
      await sleepOf(deps)(backoffMs(attempt));
      continue;
    }
    await notifySafely(deps, 'order-submitted', order);
    return viewFor(caller, order, deps);
  }
  throw aborted('The lab is busy placing other orders. Please submit again.');
}
