import type * as z from '../../../core/zod';
import { invalidArgument, notFound } from '../../../core/errors';
import {
  CONSULT_NOT_FOUND,
  type Consult,
  type CustomerConsult,
  type submitConsultInputSchema,
} from '../../../core/schemas/consult';
import type { Identity } from '../../auth/verify-token';
import { ACCOUNT_NOT_FOUND, displayName } from '../caller';
import { createConsult, newConsultFields, nowOf, type ConsultDeps } from './consult-deps';
import { customerConsult, linkedAccountOf } from './consult-views';

type SubmitConsultInput = z.output<typeof submitConsultInputSchema>;

export const FROM_ORDER_NOT_FOUND = 'This order was not found for this account. Choose one of its placed orders.';

/**
 * `submitConsult`: a practice user asks the lab about a lens on one of their accounts. Idempotent by the
 * browser's `consultId`: a retry by the same user answers the stored consult (no second lab email); the id
 * named by anyone else is CONSULT_NOT_FOUND. The suggestions are the server's own (serverSuggestions).
 */
export async function submitConsult(
  caller: Identity,
  input: SubmitConsultInput,
  deps: Pick<ConsultDeps, 'consults' | 'settings' | 'orders' | 'users' | 'customers' | 'notifier' | 'log' | 'now'>,
): Promise<CustomerConsult> {
  const accountNumber = await linkedAccountOf(caller, input.accountNumber, deps);
  if (!accountNumber) throw notFound(ACCOUNT_NOT_FOUND);

  const answerStored = (stored: Consult) => {
    const mine = stored.requester.userId === caller.userId && stored.accountNumber === accountNumber;
    if (stored.source !== 'practice' || !mine) throw notFound(CONSULT_NOT_FOUND);
    return customerConsult(stored);
  };
  const earlier = await deps.consults.get(input.consultId);
  if (earlier) return answerStored(earlier);

  const fromOrderId = input.currentLens.fromOrderId;
  if (fromOrderId) {
    const order = await deps.orders.get(fromOrderId);
    // Another practice's order, a draft and an unknown id are refused alike.
    if (!order || order.accountNumber !== accountNumber || order.status === 'draft')
      throw invalidArgument(FROM_ORDER_NOT_FOUND, { 'currentLens.fromOrderId': [FROM_ORDER_NOT_FOUND] });
  }

  const [user, practice, settings] = await Promise.all([
    deps.users.get(caller.userId),
    deps.customers.get(accountNumber),
    deps.settings.get(),
  ]);
  const at = nowOf(deps).toISOString();
  const fields: Omit<Consult, 'reference'> = {
    consultId: input.consultId,
    source: 'practice',
    accountNumber,
    requester: {
      userId: caller.userId,
      name: displayName(user, caller.email),
      email: user?.email ?? caller.email,
      ...(practice?.company ? { practiceName: practice.company } : {}),
    },
    patient: input.patientReference,
    ...newConsultFields(input, settings, at),
  };

  return createConsult(fields, answerStored, deps);
}
