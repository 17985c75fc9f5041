import { CHANGED_MESSAGES } from '../../../core/messages';
import { describeError } from '../../../core/describe-error';
import { aborted, notFound } from '../../../core/errors';
import type { ClaimStatus, WarrantyClaim } from '../../../core/schemas/credit';
import type { EntryFields } from './credit-moves';

import { CLAIM_NOT_FOUND, type CreditDeps } from './credit-deps';

/**
 * What the lab's claim actions share: reading the claim at the version the admin saw, the grant a claim
 * turns into, and the address of whoever submitted it.
 */

const STATUS_WORDS: Record<ClaimStatus, string> = {
  submitted: 'waiting for a decision',
  'awaiting-return': 'approved and waiting for the lens',
  approved: 'already credited',
  denied: 'already denied',
};

/** e.g. "This claim is already denied." */
export const claimIsMessage = (status: ClaimStatus) => `This claim is ${STATUS_WORDS[status]}.`;

/** The claim at the version the admin read; a newer version is a 409 (two admins, or a double click). */
export async function claimAtVersion(
  claimId: string,
  version: number,
  deps: Pick<CreditDeps, 'money'>,
): Promise<WarrantyClaim> {
  const claim = await deps.money.getClaim(claimId);
  if (!claim) throw notFound(CLAIM_NOT_FOUND);
  if (claim.version !== version) throw aborted(CHANGED_MESSAGES.claim);
  return claim;
}

/**
 * The ledger entry that credits an approved claim. Its id is derived from the claim, so a claim can be
 * credited once whatever retries happen (the store writes an entry id once per account).
 */
export function claimGrantFields(claim: WarrantyClaim, at: string, by: EntryFields['by']): EntryFields {
  return {
    entryId: `claim-${claim.claimId}`,
    at,
    reason: claim.kind === 'defect' ? 'defect' : 'cancellation',
    by,
    orderId: claim.orderId,
    orderNumber: claim.orderNumber,
    eye: claim.eye,
    claimId: claim.claimId,
    note: `${claim.kind === 'defect' ? 'Defect' : 'Cancellation'}: ${claim.lensName}`,
  };
}

/**
 * The address of whoever submitted the claim, for the email the decision stores with it. None found (the user
 * is gone, or the read failed) means the account's users, the notifier's rule for an empty list: the lab's
 * decision is not refused for want of one address.
 */
export async function submitterAddress(
  claim: WarrantyClaim,
  deps: Pick<CreditDeps, 'users' | 'log'>,
): Promise<string[]> {
  try {
    const user = await deps.users.get(claim.submittedBy.userId);
    return user?.email ? [user.email] : [];
  } catch (error) {
    deps.log.warn('claim submitter unreadable, emailing the account', {
      claimId: claim.claimId,
      error: describeError(error),
    });
    return [];
  }
}
