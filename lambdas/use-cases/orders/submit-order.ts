import { CHANGED_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, invalidArgument, notFound } from '../../../core/errors';
import type { Order, submitOrderInputSchema } from '../../../core/schemas/orders';
import {
  exchangeRefusal,
  likeForLikeRefusal,
  originalOrderIdOf,
  policyOf,
  shippedAtOf,
  warrantyRefusal,
} from '../../../core/rules/warranty';
import type { WarrantyClaim } from '../../../core/schemas/credit';
import type { Identity } from '../../auth/verify-token';
import { counterNames, orderRefusals, weekStartOf } from '../../ports/orders-repository';
import { ACCOUNT_NOT_FOUND, callerAccounts, displayName } from '../../kernel/caller';
import { ACCOUNT_CLAIMS_READ, holdsLens } from '../credit';
import { retryOnRefusal } from '../../kernel/retry';
import { orderEmail } from './order-email';
import { orderWebhook } from './order-webhook';
import { ORDER_NOT_FOUND, viewFor } from './order-view';
import { ORDER_WRITE_BACKOFF, type OrderDeps } from './order-deps';
import { checkedLines, orderContent, storedAttachments, type CheckedOrderFields } from './checked-lines';
import { orderPromiseOf } from './order-promise';

type SubmitInput = z.infer<typeof submitOrderInputSchema>;

/** Placing an order reads the caller, checks lines against the catalogue and lists stored files. */
export type SubmitOrderDeps = Pick<
  OrderDeps,
  'orders' | 'users' | 'customers' | 'lenses' | 'files' | 'log' | 'now' | 'sleep' | 'claims' | 'production'
>;

/** "Order this" named a consult the order cannot be placed from. */
export const CONSULT_NOT_ORDERABLE = "This consult's answer can no longer be ordered.";

/** "LL-000042": the lab's human order number. */
export function formatOrderNumber(sequence: number): string {
  return `LL-${String(sequence).padStart(6, '0')}`;
}

/** The remake an order stores, and the exchange counters a warranty remake moves in the submit transaction. */
interface CheckedRemake {
  remake: NonNullable<Order['remake']>;
  /** Per remade eye: +1 on the original's `exchanges#` counter and on the remade lens's `remade#` mark. */
  counters: Record<string, number>;
  /** Their ceilings: the original policy's exchanges per eye (when limited), and 1 for each mark. */
  counterLimits: Record<string, number>;
  /** What a lost race is told when a ceiling refuses the write (another remake of the lens came first). */
  usedUp: string;
}

const remakeRefusal = (message: string, field = 'remake.kind') => invalidArgument(message, { [field]: [message] });

const orderWords = (order: Pick<Order, 'orderNumber'>) =>
  order.orderNumber ? `order ${order.orderNumber}` : 'the order';

/** Why a lens with a claim that holds it cannot be exchanged as well. */
function claimedRefusal(claim: Pick<WarrantyClaim, 'status' | 'eye' | 'orderNumber'>): string {
  const lens = `The ${claim.eye} lens of order ${claim.orderNumber}`;
  return claim.status === 'approved'
    ? `${lens} was credited under its warranty, so it cannot also be exchanged.`
    : `${lens} has a warranty claim the lab has not settled, so it cannot be exchanged now.`;
}

/**
 * A reorder or warranty remake must point to an order of the same account. A warranty remake is an exchange
 * of each eye it remakes (Lens Credit), allowed only when all of these hold for that eye:
 * - the remade order has shipped and the lens is inside its warranty window;
 * - like for like: the same design and quantity (likeForLikeRefusal), so what the exchange gives never exceeds
 *   what was billed for the lens;
 * - the lens was not exchanged before (a further exchange is of its remake: one live lens per chain) and holds
 *   no claim (a lens is either credited or exchanged, never both);
 * - the ORIGINAL order's policy (the chain's first lens) has exchanges left, counted over the whole chain.
 * The remake then bills the original policy's exchange fee instead of the lens price (billedLineOf).
 */
async function checkedRemake(
  fields: CheckedOrderFields,
  accountNumber: string,
  now: Date,
  deps: Pick<SubmitOrderDeps, 'orders' | 'claims'>,
): Promise<CheckedRemake | undefined> {
  if (!fields.remake) return undefined;
  const remade = await deps.orders.get(fields.remake.ofOrderId);
  if (!remade || remade.accountNumber !== accountNumber || remade.status === 'draft')
    throw remakeRefusal('The order to remake was not found for this account.', 'remake.ofOrderId');
  const remake = { ...fields.remake, ...(remade.orderNumber ? { ofOrderNumber: remade.orderNumber } : {}) };
  if (fields.remake.kind !== 'warranty') return { remake, counters: {}, counterLimits: {}, usedUp: '' };

  if (remade.status !== 'closed')
    throw remakeRefusal('A warranty remake is possible only for an order that has shipped.');
  const originalId = originalOrderIdOf(remade);
  const original = originalId === remade.orderId ? remade : ((await deps.orders.get(originalId)) ?? remade);
  const shippedAt = shippedAtOf(remade);
  const exchanged = fields.lines.map((line, i) => {
    const remadeLine = remade.lines.find((l) => l.eye === line.eye);
    if (!remadeLine)
      throw remakeRefusal(
        `${remade.orderNumber ? `Order ${remade.orderNumber}` : 'The order'} has no ${line.eye} lens to remake under its warranty.`,
      );
    const refusal = warrantyRefusal({ shippedAt, line: remadeLine, orderNumber: remade.orderNumber, now });
    if (refusal) throw remakeRefusal(refusal);
    const unlike = likeForLikeRefusal({ remade: remadeLine, line, orderNumber: remade.orderNumber });
    if (unlike)
      throw remakeRefusal(unlike, remadeLine.lensId === line.lensId ? `lines.${i}.quantity` : `lines.${i}.lensId`);
    return {
      eye: line.eye,
      policy: policyOf(original.lines.find((l) => l.eye === line.eye) ?? remadeLine),
      counter: counterNames.exchanges(originalId, line.eye),
      mark: counterNames.remade(remade.orderId, line.eye),
    };
  });

  const claims = await deps.claims.listAccountClaims(accountNumber, ACCOUNT_CLAIMS_READ);
  const claimed = claims.find(
    (c) => c.orderId === remade.orderId && holdsLens(c) && exchanged.some((e) => e.eye === c.eye),
  );
  if (claimed) throw remakeRefusal(claimedRefusal(claimed));

  const used = await deps.orders.counters(exchanged.flatMap((e) => [e.counter, e.mark]));
  const counterLimits: Record<string, number> = {};
  const refusals: string[] = [];
  for (const { eye, policy, counter, mark } of exchanged) {
    const again = `The ${eye} lens of ${orderWords(remade)} was already exchanged under its warranty: a further exchange is of the lens that replaced it.`;
    if ((used[mark] ?? 0) > 0) throw remakeRefusal(again);
    const refusal = exchangeRefusal({ policy, used: used[counter] ?? 0, orderNumber: original.orderNumber, eye });
    if (refusal) throw remakeRefusal(refusal);
    counterLimits[mark] = 1;
    refusals.push(again);
    if (policy.exchangesPerEye !== null) counterLimits[counter] = policy.exchangesPerEye;
  }
  // One fee field, billed per remade lens: eyes of one design agree; eyes whose policies differ are billed
  // the lower fee (a practice is never charged more than a policy asks).
  const exchangeFeeCents = Math.min(...exchanged.map((e) => e.policy.exchangeFeeCents));
  return {
    remake: {
      ...remake,
      exchangeFeeCents,
      originalOrderId: originalId,
      ...(original.orderNumber ? { originalOrderNumber: original.orderNumber } : {}),
    },
    counters: Object.fromEntries(
      exchanged.flatMap((e) => [
        [e.counter, 1],
        [e.mark, 1],
      ]),
    ),
    counterLimits,
    // Only the newest lens of a chain can be remade, so two remakes racing in one chain race for its mark.
    usedUp: refusals.join(' '),
  };
}

/** A placed order's id sent again with other contents. */
export const ORDER_ID_USED =
  'This order was already placed with other contents. Reload to see it, or start a new order for the changes.';

/** JSON with object keys sorted, so two values read from different places compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** What a practice's submit says about an order: the part a repeated submit must match to be "the same". */
function submittedContent(
  accountNumber: string,
  fields: Pick<Order, 'patient' | 'poNumber' | 'notes' | 'shipping' | 'consultId'> & {
    lines: readonly {
      eye: string;
      lensId: string;
      parameters: unknown;
      quantity: number;
      notes?: string | undefined;
    }[];
    remake?: { kind: string; ofOrderId: string } | undefined;
  },
) {
  return canonical({
    accountNumber,
    patient: fields.patient,
    poNumber: fields.poNumber || null,
    notes: fields.notes || null,
    shipping: fields.shipping ?? null,
    consultId: fields.consultId ?? null,
    remake: fields.remake ? { kind: fields.remake.kind, ofOrderId: fields.remake.ofOrderId } : null,
    lines: fields.lines.map((l) => ({
      eye: l.eye,
      lensId: l.lensId,
      parameters: l.parameters,
      quantity: l.quantity,
      notes: l.notes || null,
    })),
  });
}

/**
 * A submit of an id already placed is a retry (a double click, a lost answer) only when it sends what was
 * placed; other contents under the same id would otherwise be answered 200 as if they had been placed.
 */
const samePlacedOrder = (stored: Order, input: SubmitInput) =>
  submittedContent(stored.accountNumber, stored) === submittedContent(input.accountNumber, input.order);

/**
 * Places an order. Idempotent by orderId (the same contents again answer the stored order; other contents are
 * a 409, samePlacedOrder): the write is one transaction that claims the next
 * order number (a conditional update of the sequence), turns the draft into the order (or creates it when
 * there was no draft), counts it and stores its order-submitted email in the outbox, so concurrent identical
 * submits store one order and one email, and the losers answer the order the winner stored.
 */
export async function submitOrder(caller: Identity, input: SubmitInput, deps: SubmitOrderDeps): Promise<Order> {
  const { user, linked } = await callerAccounts(caller, deps);
  if (!linked.includes(input.accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);

  const answerStored = async (stored: Order | null): Promise<Order | null> => {
    if (!stored) return null;
    if (stored.createdBy.userId !== caller.userId || !linked.includes(stored.accountNumber))
      throw notFound(ORDER_NOT_FOUND);
    if (stored.status === 'draft') return null;
    if (!samePlacedOrder(stored, input)) throw aborted(ORDER_ID_USED);
    return viewFor(caller, stored, deps);
  };

  const existing = await deps.orders.get(input.orderId);
  const already = await answerStored(existing);
  if (already) return already;

  const now = deps.now();
  const at = now.toISOString();
  const { lines, totalCents } = await checkedLines(input.order, deps);
  const checked = await checkedRemake(input.order, input.accountNumber, now, deps);
  // Files can only have been uploaded to a saved draft (the caller's, checked above); a fresh order has none.
  const attachments = existing ? await storedAttachments(input.orderId, deps) : [];
  const name = existing?.createdBy.name ?? displayName(user, caller.email);
  const content = orderContent(input.order, lines);
  // Counted from this moment: what the practice is told in the acknowledgement is what the lab is held to.
  const promise = orderPromiseOf(content, now, (await deps.production.get()).calendar);

  const placing = {
    ...ORDER_WRITE_BACKOFF,
    attempts: 12,
    // A refusal the step does not answer itself: another order took the number first, or a transaction on
    // the same counters was in flight.
    retries: (error: unknown) => orderRefusals.is(error),
    exhausted: () => aborted('The lab is busy placing other orders. Please submit again.'),
  };
  return retryOnRefusal(deps, placing, async () => {
    const sequence = await deps.orders.sequenceValue();
    const order: Order = {
      orderId: input.orderId,
      orderNumber: formatOrderNumber(sequence + 1),
      accountNumber: input.accountNumber,
      status: 'submitted',
      ...content,
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
      ...(promise ? { promise } : {}),
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
        // Built in the step, as the order number is: a refused try stored neither.
        notices: [orderEmail(deps, 'order-submitted', order), ...orderWebhook(deps, existing, order)],
      });
    } catch (error) {
      if (!orderRefusals.is(error)) throw error;
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
      throw error;
    }
    return viewFor(caller, order, deps);
  });
}
