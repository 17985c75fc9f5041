import type * as z from '../../../core/zod';
import { aborted, invalidArgument, notFound } from '../../../core/errors';
import { claimCreditCents, policyOf, shippedAtOf, warrantyRefusal } from '../../../core/rules/warranty';
import type { submitWarrantyClaimInputSchema, WarrantyClaim } from '../../../core/schemas/credit';
import type { Identity } from '../../auth/verify-token';
import { MoneyWriteRefused } from '../../ports/money-store';
import { assertAccountVisible } from '../money/money-access';
import { notifySafely, nowOf } from '../money/money-deps';
import { retryMoneyWrite } from '../money/retry-money-write';
import { actorOf } from '../caller';
import { ORDER_NOT_FOUND } from '../orders/order-common';
import type { CreditDeps } from './credit-deps';
import { ACCOUNT_CLAIMS_READ, customerClaim, holdsLens } from './credit-views';

type SubmitClaimInput = z.output<typeof submitWarrantyClaimInputSchema>;

const CLAIM_ID_USED = 'This claim id was already used for another claim. Reload and try again.';

/** A stored claim is the same request again when it names the same lens and kind on the same account. */
const sameRequest = (claim: WarrantyClaim, input: SubmitClaimInput, accountNumber: string) =>
  claim.accountNumber === accountNumber &&
  claim.orderId === input.orderId &&
  claim.eye === input.eye &&
  claim.kind === input.kind;

/**
 * `submitWarrantyClaim`: a practice cancels a lens for credit or reports a defect. Idempotent
 * by the browser's `claimId`: a retry answers the stored claim. The order must be one of the account's, shipped
 * (closed) and the lens inside its window (else 400 with the reason); a lens holds one live claim at a time.
 * The credit is fixed now from the line as ordered: price x the policy's percentage, the whole price for a
 * defect. Nothing moves in the ledger until the lab approves.
 */
export async function submitWarrantyClaim(
  caller: Identity,
  input: SubmitClaimInput,
  deps: Pick<CreditDeps, 'money' | 'orders' | 'users' | 'notifier' | 'log' | 'now' | 'sleep'>,
) {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const accountNumber = input.accountNumber.toUpperCase();

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
  const now = nowOf(deps);
  const refusal = warrantyRefusal({ shippedAt: shippedAtOf(order), line, orderNumber: order.orderNumber, now });
  if (refusal) throw invalidArgument(refusal, { orderId: [refusal] });

  const claims = await deps.money.listAccountClaims(accountNumber, ACCOUNT_CLAIMS_READ);
  const live = claims.find((c) => c.orderId === order.orderId && c.eye === input.eye && holdsLens(c));
  if (live)
    throw aborted(
      live.status === 'approved'
        ? `The ${input.eye} lens of order ${orderNumber} was already credited under its warranty.`
        : `A claim on the ${input.eye} lens of order ${orderNumber} is already open.`,
    );

  const policy = policyOf(line);
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
    creditCents: claimCreditCents(input.kind, line, policy),
    returnRequired: policy.returnRequired,
    note: input.note,
    submittedBy: await actorOf(caller, deps),
    createdAt: at,
    updatedAt: at,
    version: 0,
  };

  const stored = await retryMoneyWrite(deps, async () => {
    try {
      await deps.money.commit({ claim: { claim, expectedVersion: null } });
      return null;
    } catch (error) {
      // The same id stored by a concurrent retry of this request: answer that one (no second lab email).
      if (error instanceof MoneyWriteRefused && error.reason === 'conflict') {
        const found = await deps.money.getClaim(input.claimId);
        if (found) return found;
      }
      throw error;
    }
  });
  if (stored) return answerStored(stored);
  await notifySafely(deps, { kind: 'claim-submitted', claim });
  return customerClaim(claim);
}
