import type { ListCustomersInput } from '../../../../../core/schemas/customer-admin';

/**
 * The query keys of Customer Management's practices: the lists and each practice's detail. A change to a
 * practice or its links invalidates `practiceKeys.all`.
 */
export const practiceKeys = {
  all: ['practices'] as const,
  lists: () => [...practiceKeys.all, 'list'] as const,
  list: (input: ListCustomersInput) => [...practiceKeys.lists(), input] as const,
  detail: (accountNumber: string) => [...practiceKeys.all, 'detail', accountNumber.toUpperCase()] as const,
};
