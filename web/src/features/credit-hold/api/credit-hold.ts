import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

const creditHoldKeys = {
  all: ['credit-hold'] as const,
  standing: (accountNumber: string) => [...creditHoldKeys.all, 'standing', accountNumber] as const,
  held: () => [...creditHoldKeys.all, 'held'] as const,
};

/** Whether the practice's account is on credit hold, and why (getAccountStanding). */
export const useAccountStanding = (accountNumber: string) =>
  useQuery({
    queryKey: creditHoldKeys.standing(accountNumber),
    queryFn: () => callRoute('getAccountStanding', { accountNumber }),
  });

/** Every account on credit hold, for the lab's queue (listCreditHolds). */
export const useCreditHolds = () =>
  useQuery({ queryKey: creditHoldKeys.held(), queryFn: () => callRoute('listCreditHolds', {}) });
