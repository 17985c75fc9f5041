import type { ClaimStatus } from '../../../../../core/schemas/credit';

/**
 * The query keys of Lens Credit: an account's summary (balance, lenses in warranty, claims) and ledger
 * pages, and the lab's claims queue. A claim sent, decided or a credit granted invalidates `creditKeys.all`,
 * so every view of the balance shows the new amounts.
 */
export const creditKeys = {
  all: ['credit'] as const,
  summary: (accountNumber: string) => [...creditKeys.all, 'summary', accountNumber] as const,
  ledgers: (accountNumber: string) => [...creditKeys.all, 'ledger', accountNumber] as const,
  ledger: (accountNumber: string, cursor: string | null) => [...creditKeys.ledgers(accountNumber), cursor] as const,
  claimLists: () => [...creditKeys.all, 'claims'] as const,
  claims: (status: ClaimStatus, cursor: string | null) => [...creditKeys.claimLists(), status, cursor] as const,
  approvals: () => [...creditKeys.all, 'approvals'] as const,
  settings: () => [...creditKeys.all, 'settings'] as const,
};
