import { CLAIM_MESSAGES } from '../../../core/messages';
import { aborted, invalidArgument } from '../../../core/errors';
import type { WarrantyClaim } from '../../../core/schemas/credit';
import type { Identity } from '../../auth/verify-token';
import { moneyNotice } from '../../ports/money-notifier';
import { moneyRetry, type CreditChange } from '../../ports/money-store';
import { creditChange } from './credit-moves';
import { actorOf } from '../../kernel/caller';

import { retryOnRefusal } from '../../kernel/retry';
import { claimAtVersion, claimGrantFields, claimIsMessage, submitterAddress } from './claim-decisions';
import type { CreditDeps } from './credit-deps';
import { ACCOUNT_CLAIMS_READ, lensKeyOf } from './credit-views';
import { exchangedClaimRefusal, lensExchanged } from './submit-warranty-claim';

export type DecideClaimInput =
  | { claimId: string; version: number; decision: 'approve' }
  | { claimId: string; version: number; decision: 'deny'; reason: string };

const DENY_NEEDS_REASON = 'Say why the claim is denied: the practice reads it.';

/**
 * `decideWarrantyClaim` (the lab's claims queue). Approve: when the lens must come back and has not, the
 * claim waits for it and its credit is pending (the balance's pendingCents grows); otherwise the credit is
 * granted now, a ledger entry and the available balance in one transaction with the claim. Deny: a reason
 * the practice reads. Either names the version the admin read: a second decision on it is a 409.
 */
export async function decideWarrantyClaim(
  caller: Identity,
  input: DecideClaimInput,
  deps: Pick<CreditDeps, 'money' | 'users' | 'log' | 'now' | 'sleep' | 'audit'> & {
    orders: Pick<CreditDeps['orders'], 'counters'>;
  },
): Promise<WarrantyClaim> {
  const reason = input.decision === 'deny' ? input.reason.trim() : '';
  if (input.decision === 'deny' && !reason) throw invalidArgument(DENY_NEEDS_REASON, { reason: [DENY_NEEDS_REASON] });
  const decidedBy = await actorOf(caller, deps);

  const decided = await retryOnRefusal(deps, moneyRetry(CLAIM_MESSAGES.notSaved), async () => {
    // Every attempt re-reads: a refusal may mean another admin decided first (then the version differs).
    const claim = await claimAtVersion(input.claimId, input.version, deps);
    if (claim.status !== 'submitted') throw aborted(claimIsMessage(claim.status));
    const at = deps.now().toISOString();
    const base = { ...claim, decidedBy, decidedAt: at, updatedAt: at, version: claim.version + 1 };
    const to = await submitterAddress(claim, deps);
    const told = (decided: WarrantyClaim) => [moneyNotice(deps, { kind: 'claim-decided', claim: decided, to })];

    if (input.decision === 'deny') {
      const updated: WarrantyClaim = { ...base, status: 'denied', decisionReason: reason };
      await deps.money.commit({ claim: { claim: updated, expectedVersion: claim.version }, notices: told(updated) });
      return updated;
    }

    // Two claims on one lens may have been sent at the same moment: only one is ever credited.
    const others = await deps.money.listAccountClaims(claim.accountNumber, ACCOUNT_CLAIMS_READ);
    const credited = others.find(
      (c) =>
        c.claimId !== claim.claimId &&
        lensKeyOf(c) === lensKeyOf(claim) &&
        (c.status === 'approved' || c.status === 'awaiting-return'),
    );
    if (credited)
      throw aborted(`Another claim on this lens (${credited.orderNumber} ${credited.eye}) was already approved.`);
    // A remake placed at the moment the claim was filed: the lens was exchanged, so it is not credited too.
    if (await lensExchanged(claim.orderId, claim.eye, deps))
      throw aborted(`${exchangedClaimRefusal(claim.orderNumber, claim.eye)} Deny this claim.`);

    const waitsForLens = claim.returnRequired && !claim.returnReceivedAt;
    const updated: WarrantyClaim = { ...base, status: waitsForLens ? 'awaiting-return' : 'approved' };
    const credit: CreditChange[] = [];
    if (claim.creditCents > 0) {
      const balance = await deps.money.getCreditBalance(claim.accountNumber);
      credit.push(
        waitsForLens
          ? creditChange(balance, [], claim.creditCents)
          : creditChange(balance, [
              { kind: 'grant', amountCents: claim.creditCents, fields: claimGrantFields(claim, at, decidedBy) },
            ]),
      );
    }
    await deps.money.commit({
      claim: { claim: updated, expectedVersion: claim.version },
      credit,
      notices: told(updated),
    });
    return updated;
  });
  await deps.audit?.recordChange({
    action: input.decision === 'deny' ? 'claim.deny' : 'claim.approve',
    target: { type: 'claim', id: decided.claimId },
    accountNumber: decided.accountNumber,
    before: { status: 'submitted', version: input.version },
    after: {
      status: decided.status,
      version: decided.version,
      creditCents: decided.creditCents,
      ...(decided.decisionReason ? { decisionReason: decided.decisionReason } : {}),
    },
  });
  return decided;
}
