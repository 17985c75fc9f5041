import type * as z from '../../../core/zod';
import { aborted, invalidArgument, notFound } from '../../../core/errors';
import { billedCentsOf, claimCreditCents, policyOf, shippedAtOf, warrantyRefusal } from '../../../core/rules/warranty';
import type { submitWarrantyClaimInputSchema, WarrantyClaim } from '../../../core/schemas/credit';
import type { Order } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { moneyNotice } from '../../ports/money-notifier';
import { moneyRetry, moneyRefusals } from '../../ports/money-store';
import { counterNames } from '../../ports/orders-repository';
import { assertAccountVisible } from '../../kernel/caller';

import { retryOnRefusal } from '../../kernel/retry';
import { actorOf } from '../../kernel/caller';
import { ORDER_NOT_FOUND } from '../orders';
import type { CreditDeps } from './credit-deps';
import { ACCOUNT_CLAIMS_READ, customerClaim, holdsLens } from './credit-views';

type SubmitClaimInput = z.output<typeof submitWarrantyClaimInputSchema>;

export const CLAIM_ID_USED =
  'This claim id was already used for a claim with other contents (another lens, kind or note). Reload and try again.';

/**
 * A stored claim is the same request again only when everything the practice sent matches: the lens, the kind
 * and the note. Anything else under the same id is a 409, never the stored claim answered as if filed.
 */
const sameRequest = (claim: WarrantyClaim, input: SubmitClaimInput, accountNumber: string) =>
  claim.accountNumber === accountNumber &&
  claim.orderId === input.orderId &&
  claim.eye === input.eye &&
  claim.kind === input.kind &&
  claim.note === input.note;

/** Why a claim on a lens that was exchanged is refused (at filing and again at approval). */
export const exchangedClaimRefusal = (orderNumber: string, eye: string) =>
  `The ${eye} lens of order ${orderNumber} was exchanged under its warranty, so it cannot also be credited. A claim can be filed on the lens that replaced it.`;

/** True while the lens has a live warranty remake (the `remade#` mark its remake wrote). */
export async function lensExchanged(
  orderId: string,
  eye: string,
  deps: { orders: Pick<CreditDeps['orders'], 'counters'> },
): Promise<boolean> {
  const mark = counterNames.remade(orderId, eye);
  return ((await deps.orders.counters([mark]))[mark] ?? 0) > 0;
}

/** The chain a claimed lens belongs to, for the lab's queue: the order it remade and the original. */
function chainOf(order: Order): Pick<WarrantyClaim, 'remakeOfOrderNumber' | 'originalOrderNumber'> {
  if (order.remake?.kind !== 'warranty') return {};
  const ofNumber = order.remake.ofOrderNumber ?? order.remake.ofOrderId;
  return {
    remakeOfOrderNumber: ofNumber,
    originalOrderNumber: order.remake.originalOrderNumber ?? order.remake.originalOrderId ?? ofNumber,
  };
}

/**
 * `submitWarrantyClaim`: a practice cancels a lens for credit or reports a defect. Idempotent
 * by the browser's `claimId`: a retry answers the stored claim. The order must be one of the account's, shipped
 * (closed) and the lens inside its window (else 400 with the reason); a lens holds one live claim at a time,
 * and a lens that was exchanged (a live warranty remake replaced it) is not claimed: its remake is.
 * The credit is fixed now from what the lens was billed (billedCentsOf: a remake's exchange fee, else its
 * price) x the policy's percentage, all of it for a defect. Nothing moves in the ledger until the lab approves.
 */
export async function submitWarrantyClaim(
  caller: Identity,
  input: SubmitClaimInput,
  deps: Pick<CreditDeps, 'money' | 'orders' | 'users' | 'now' | 'sleep'>,
) {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const accountNumber = input.accountNumber;

  const answerStored = (stored: WarrantyClaim) => {
    // Another account's claim id answers like an order that is not theirs.
    if (stored.accountNumber !== accountNumber) throw notFound(ORDER_NOT_FOUND);
    if (!sameRequest(stored, input, accountNumber)) throw aborted(CLAIM_ID_USED);
    return customerClaim(stored);
  };
  const earlier = await deps.money.getClaim(input.claimId);
  if (earlier) return answerStored(earlier);

  const order = await deps.orders.get(input.orderId);
  // Not the account's, or a private draft: the same not-found as an unknown order.
  if (!order || order.accountNumber !== accountNumber || order.status === 'draft') throw notFound(ORDER_NOT_FOUND);
  // Only drafts have no number, and drafts were refused above.
  const orderNumber = order.orderNumber ?? order.orderId;
  const line = order.lines.find((l) => l.eye === input.eye);
  if (!line) {
    const message = `Order ${orderNumber} has no ${input.eye} lens.`;
    throw invalidArgument(message, { eye: [message] });
  }
  const now = deps.now();
  const refusal = warrantyRefusal({ shippedAt: shippedAtOf(order), line, orderNumber: order.orderNumber, now });
  if (refusal) throw invalidArgument(refusal, { orderId: [refusal] });

  if (await lensExchanged(order.orderId, input.eye, deps)) {
    const message = exchangedClaimRefusal(orderNumber, input.eye);
    throw invalidArgument(message, { eye: [message] });
  }

  const claims = await deps.money.listAccountClaims(accountNumber, ACCOUNT_CLAIMS_READ);
  const live = claims.find((c) => c.orderId === order.orderId && c.eye === input.eye && holdsLens(c));
  if (live)
    throw aborted(
      live.status === 'approved'
        ? `The ${input.eye} lens of order ${orderNumber} was already credited under its warranty.`
        : `A claim on the ${input.eye} lens of order ${orderNumber} is already open.`,
    );

  const policy = policyOf(line);
  const billedCents = billedCentsOf(order, line);
  const at = now.toISOString();
  const claim: WarrantyClaim = {
    claimId: input.claimId,
    accountNumber,
    kind: input.kind,
    status: 'submitted',
    orderId: order.orderId,
    orderNumber,
    patient: order.patient,
    eye: input.eye,
    lensName: line.design.name,
    creditCents: claimCreditCents(input.kind, billedCents, policy),
    billedCents,
    ...chainOf(order),
    returnRequired: policy.returnRequired,
    note: input.note,
    submittedBy: await actorOf(caller, deps),
    createdAt: at,
    updatedAt: at,
    version: 0,
  };

  const stored = await retryOnRefusal(deps, moneyRetry(), async () => {
    try {
      await deps.money.commit({
        claim: { claim, expectedVersion: null },
        notices: [moneyNotice(deps, { kind: 'claim-submitted', claim })],
      });
      return null;
    } catch (error) {
      // The same id stored by a concurrent retry of this request: answer that one (no second lab email).
      if (moneyRefusals.is(error) && error.reason === 'conflict') {
        const found = await deps.money.getClaim(input.claimId);
        if (found) return found;
      }
      throw error;
    }
  });
  if (stored) return answerStored(stored);
  return customerClaim(claim);
}
