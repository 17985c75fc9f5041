import type { ClaimStatus } from '../../../core/schemas/credit';
import type { CreditDeps } from './credit-deps';

/** The lab's claims queue: one status, oldest first (the route is for admins only). */
export function listWarrantyClaims(
  input: { status: ClaimStatus; limit: number; cursor?: string | undefined },
  deps: Pick<CreditDeps, 'money'>,
) {
  return deps.money.listClaimsByStatus(input.status, input.limit, input.cursor);
}
