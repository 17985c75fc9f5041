import type { CreditEntry, WarrantyClaim } from '../../../core/schemas/credit';

/**
 * What a practice sees of credit records: who at the lab granted or decided stays internal (the contract's
 * customer schemas omit it; this drops it before the schema would, so no route depends on stripping).
 */
export function customerEntry(entry: CreditEntry): Omit<CreditEntry, 'by'> {
  const { by: _by, ...visible } = entry;
  return visible;
}

export function customerClaim(claim: WarrantyClaim): Omit<WarrantyClaim, 'submittedBy' | 'decidedBy'> {
  const { submittedBy: _submitted, decidedBy: _decided, ...visible } = claim;
  return visible;
}

/**
 * A claim that holds its lens: waiting for the lab, approved and waiting for the lens, or credited. Only a
 * denied claim leaves the lens free for another claim.
 */
export const holdsLens = (claim: Pick<WarrantyClaim, 'status'>) => claim.status !== 'denied';

export const lensKeyOf = (claim: { orderId: string; eye: string }) => `${claim.orderId}#${claim.eye}`;

/** An account's claims read to find those on one lens (newest first; far above any practice's count). */
export const ACCOUNT_CLAIMS_READ = 500;
