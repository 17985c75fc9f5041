import type * as z from '../../../core/zod';
import { aborted, AppError } from '../../../core/errors';
import type { CustomerDetail, createCustomerInputSchema } from '../../../core/schemas/customers/customer-admin';
import { isWriteConflict } from '../../ports/write-conflict';
import { requireKnownBuyingGroup, type PracticeWriteDeps } from './buying-group-check';

export const accountTaken = (accountNumber: string) => `Account number ${accountNumber} already exists.`;

/** `createCustomer` (super admins): a new practice. The account number is unique by a conditional put. */
export async function createCustomer(
  input: z.output<typeof createCustomerInputSchema>,
  deps: PracticeWriteDeps<'create'>,
): Promise<CustomerDetail> {
  if (input.buyingGroupId) await requireKnownBuyingGroup(input.buyingGroupId, deps.referenceData);
  const record: CustomerDetail = { ...input, faxNumber: input.faxNumber || undefined, version: 0 };
  try {
    await deps.customers.create(record);
  } catch (error) {
    if (isWriteConflict(error, 'exists')) throw aborted(accountTaken(input.accountNumber));
    throw error;
  }
  const stored = await deps.customers.get(input.accountNumber);
  if (!stored) throw new AppError('internal', 'The practice was not stored');
  await deps.audit?.recordChange({
    action: 'practice.create',
    target: { type: 'practice', id: stored.accountNumber },
    accountNumber: stored.accountNumber,
    after: stored,
  });
  return stored;
}
