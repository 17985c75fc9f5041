import { CHANGED_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, invalidArgument, notFound } from '../../../core/errors';
import type { Order, submitOrderInputSchema } from '../../../core/schemas/order';
import { exchangeRefusal, policyOf, shippedAtOf, warrantyRefusal } from '../../../core/rules/warranty';
import type { Identity } from '../../auth/verify-token';
import { counterNames, OrderWriteRefused, weekStartOf } from '../../ports/orders-repository';
import { ACCOUNT_NOT_FOUND, callerAccounts, displayName } from '../caller';
import {
  backoffMs,
  checkedLines,
  notifySafely,
  nowOf,
  orderContent,
  ORDER_NOT_FOUND,
  sleepOf,
  storedAttachments,
  viewFor,
  type CheckedOrderFields,
  type OrderDeps,
} from './order-common';

type SubmitInput = z.infer<typeof submitOrderInputSchema>;

/** Placing an order reads the caller, checks lines against the catalogue, lists stored files and emails. */
export type SubmitOrderDeps = Pick<
  OrderDeps,
  'orders' | 'users' | 'customers' | 'lenses' | 'notifier' | 'files' | 'log' | 'now' | 'sleep'
>;

const MAX_ATTEMPTS = 12;

/** "Order this" named a consult the order cannot be placed from. */
export const CONSULT_NOT_ORDERABLE = "This consult's answer can no longer be ordered.";

/** "LL-000042": the lab's human order number. */
export function formatOrderNumber(sequence: number): string {
  return `LL-${String(sequence).padStart(6, '0')}`;
}

/** The remake an order stores, and the exchange counters a warranty remake moves in the submit transaction. */
interface CheckedRemake {
  remake: NonNullable<Order['remake']>;
  /** +1 on `exchanges#{original}#{eye}` per remade eye. */
  counters: Record<string, number>;
  /** The policy's exchanges per eye, for eyes whose policy limits them. */
  counterLimits: Record<string, number>;
  /** Why each limited eye would be refused once its exchanges are used up (a lost race says the same). */
  usedUp: string;
}

const remakeRefusal = (message: string, field = 'remake.kind') => invalidArgument(message, { [field]: [message] });

/**
 * A reorder or warranty remake must point to an order of the same account. A warranty remake is an exchange
 * of each eye it remakes (Lens Credit): only of a shipped order's lens of that eye, inside that
 * line's warranty window, and while its policy (the ORIGINAL line's design snapshot) has exchanges left;
 * the remake then bills the policy's exchange fee instead of the lens price.
 */
async function checkedRemake(
  fields: CheckedOrderFields,
  accountNumber: string,
  now: Date,
  deps: Pick<OrderDeps, 'orders'>,
): Promise<CheckedRemake | undefined> {
  if (!fields.remake) return undefined;
  const original = await deps.orders.get(fields.remake.ofOrderId);
  if (!original || original.accountNumber !== accountNumber || original.status === 'draft')
    throw remakeRefusal('The order to remake was not found for this account.', 'remake.ofOrderId');
  const remake = { ...fields.remake, ...(original.orderNumber ? { ofOrderNumber: original.orderNumber } : {}) };
  if (fields.remake.kind !== 'warranty') return { remake, counters: {}, counterLimits: {}, usedUp: '' };

  if (original.status !== 'closed')
    throw remakeRefusal('A warranty remake is possible only for an order that has shipped.');
  const shippedAt = shippedAtOf(original);
  const exchanged = fields.lines.map((line) => {
    const originalLine = original.lines.find((l) => l.eye === line.eye);
    if (!originalLine)
      throw remakeRefusal(
        `${original.orderNumber ? `Order ${original.orderNumber}` : 'The order'} has no ${line.eye} lens to remake under its warranty.`,
      );
    const refusal = warrantyRefusal({ shippedAt, line: originalLine, orderNumber: original.orderNumber, now });
    if (refusal) throw remakeRefusal(refusal);
    return {
      eye: line.eye,
      policy: policyOf(originalLine),
      counter: counterNames.exchanges(original.orderId, line.eye),
    };
  });
  const used = await deps.orders.counters(exchanged.map((e) => e.counter));
  const counterLimits: Record<string, number> = {};
  const refusals: string[] = [];
  for (const { eye, policy, counter } of exchanged) {
    const refusal = exchangeRefusal({ policy, used: used[counter] ?? 0, orderNumber: original.orderNumber, eye });
    if (refusal) throw remakeRefusal(refusal);
    if (policy.exchangesPerEye !== null) {
      counterLimits[counter] = policy.exchangesPerEye;
      const usedUp = exchangeRefusal({ policy, used: policy.exchangesPerEye, orderNumber: original.orderNumber, eye });
      if (usedUp) refusals.push(usedUp);
    }
  }
  // One fee field, billed per remade lens: eyes of one design agree; eyes whose policies differ are billed
  // the lower fee (a practice is never charged more than a policy asks).
  const exchangeFeeCents = Math.min(...exchanged.map((e) => e.policy.exchangeFeeCents));
  return {
    remake: { ...remake, exchangeFeeCents },
    counters: Object.fromEntries(exchanged.map((e) => [e.counter, 1])),
    counterLimits,
    usedUp: refusals.join(' '),
  };
}

/**
 * Places an order. Idempotent by orderId: the write is one transaction that claims the next
 * order number (a conditional update of the sequence), turns the draft into the order (or creates it when
 * there was no draft) and counts it, so concurrent identical submits store one order, and the losers answer
 * the order the winner stored.
 */
export async function submitOrder(caller: Identity, input: SubmitInput, deps: SubmitOrderDeps): Promise<Order> {
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
  const checked = await checkedRemake(input.order, input.accountNumber, now, deps);
  // Files can only have been uploaded to a saved draft (the caller's, checked above); a fresh order has none.
  const attachments = existing ? await storedAttachments(input.orderId, deps) : [];
  const name = existing?.createdBy.name ?? displayName(user, caller.email);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const sequence = await deps.orders.sequenceValue();
    const order: Order = {
      orderId: input.orderId,
      orderNumber: formatOrderNumber(sequence + 1),
      accountNumber: input.accountNumber,
      status: 'submitted',
      ...orderContent(input.order, lines),
      attachments,
      ...(checked ? { remake: checked.remake } : {}),
      ...(input.order.consultId ? { consultId: input.order.consultId } : {}),
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
          ...checked?.counters,
        },
        ...(checked && Object.keys(checked.counterLimits).length ? { counterLimits: checked.counterLimits } : {}),
        ...(input.order.consultId
          ? {
              consult: {
                consultId: input.order.consultId,
                accountNumber: input.accountNumber,
                orderId: input.orderId,
                at,
              },
            }
          : {}),
      });
    } catch (error) {
      if (!(error instanceof OrderWriteRefused)) throw error;
      if (error.reason === 'order') {
        const stored = await deps.orders.get(input.orderId);
        const answer = await answerStored(stored);
        if (answer) return answer;
        // The draft was saved again (another tab) between our read and this write.
        throw aborted(CHANGED_MESSAGES.order);
      }
      // Another remake of the same lens took its last exchange between our check and this write.
      if (error.reason === 'limit') throw remakeRefusal(checked?.usedUp || 'No warranty exchanges are left.');
      // Another practice's consult, one not answered yet, or an unknown id: all refused alike.
      if (error.reason === 'consult')
        throw invalidArgument(CONSULT_NOT_ORDERABLE, { consultId: [CONSULT_NOT_ORDERABLE] });
      await sleepOf(deps)(backoffMs(attempt));
      continue;
    }
    await notifySafely(deps, 'order-submitted', order);
    return viewFor(caller, order, deps);
  }
  throw aborted('The lab is busy placing other orders. Please submit again.');
}
