import { CLAIM_MESSAGES } from '../../../core/messages';
import { aborted } from '../../../core/errors';
import type { CreditEntry, WarrantyClaim } from '../../../core/schemas/credit';
import type { Identity } from '../../auth/verify-token';
import { moneyNotice } from '../../ports/money-notifier';
import { moneyRetry, type CreditChange } from '../../ports/money-store';
import { creditChange } from './credit-moves';
import { actorOf } from '../../kernel/caller';

import { retryOnRefusal } from '../../kernel/retry';
import { claimAtVersion, claimGrantFields, claimIsMessage, submitterAddress } from './claim-decisions';
import type { CreditDeps } from './credit-deps';

/**
 * `markClaimReturnReceived`: the lab has the lens back. A claim approved and waiting for it is credited now:
 * its pending credit becomes available with a grant entry, and the claim is approved, all in one
 * transaction. A claim not decided yet only records the return (approving it later credits at once).
 */
export async function markClaimReturnReceived(
  caller: Identity,
  input: { claimId: string; version: number },
  deps: Pick<CreditDeps, 'money' | 'users' | 'log' | 'now' | 'sleep' | 'audit'>,
): Promise<WarrantyClaim> {
  const actor = await actorOf(caller, deps);
  let statusBefore = '';
  const { claim: marked, entry } = await retryOnRefusal(deps, moneyRetry(CLAIM_MESSAGES.notSaved), async () => {
    const claim = await claimAtVersion(input.claimId, input.version, deps);
    if (claim.status === 'approved' || claim.status === 'denied') throw aborted(claimIsMessage(claim.status));
    if (claim.returnReceivedAt) throw aborted('The lens of this claim is already marked as received.');
    statusBefore = claim.status;
    const at = deps.now().toISOString();
    const base = { ...claim, returnReceivedAt: at, updatedAt: at, version: claim.version + 1 };

    if (claim.status === 'submitted') {
      await deps.money.commit({ claim: { claim: base, expectedVersion: claim.version } });
      return { claim: base, entry: null };
    }

    const updated: WarrantyClaim = { ...base, status: 'approved' };
    const credit: CreditChange[] = [];
    if (claim.creditCents > 0) {
      const balance = await deps.money.getCreditBalance(claim.accountNumber);
      // The pending credit was added on approval; a balance that holds less (it never should) is emptied,
      // never taken below zero.
      const release = Math.min(balance.pendingCents, claim.creditCents);
      if (release < claim.creditCents)
        deps.log.warn('claim credit was not all pending', {
          claimId: claim.claimId,
          pendingCents: balance.pendingCents,
          creditCents: claim.creditCents,
        });
      credit.push(
        creditChange(
          balance,
          [{ kind: 'grant', amountCents: claim.creditCents, fields: claimGrantFields(claim, at, actor) }],
          -release,
        ),
      );
    }
    const granted: CreditEntry | null = credit[0]?.entries[0] ?? null;
    const notices = granted
      ? [moneyNotice(deps, { kind: 'credit-granted', entry: granted, to: await submitterAddress(claim, deps) })]
      : [];
    await deps.money.commit({ claim: { claim: updated, expectedVersion: claim.version }, credit, notices });
    return { claim: updated, entry: granted };
  });
  await deps.audit?.recordChange({
    action: 'claim.return-received',
    target: { type: 'claim', id: marked.claimId },
    accountNumber: marked.accountNumber,
    before: { status: statusBefore, version: input.version, returnReceivedAt: null },
    after: {
      status: marked.status,
      version: marked.version,
      returnReceivedAt: marked.returnReceivedAt,
      ...(entry ? { creditedCents: entry.amountCents } : {}),
    },
  });
  return marked;
}
