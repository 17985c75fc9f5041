import type * as z from '../../../core/zod';
import { invalidArgument, notFound, resourceExhausted } from '../../../core/errors';
import {
  CONSULT_NOT_FOUND,
  type Consult,
  type CustomerConsult,
  type submitConsultInputSchema,
} from '../../../core/schemas/consults';
import type { Identity } from '../../auth/verify-token';
import { ACCOUNT_NOT_FOUND, callerAccounts, displayName } from '../../kernel/caller';
import type { ConsultDeps } from './consult-deps';
import { createConsult, newConsultFields } from './consult-writes';
import { customerConsult, linkedAccountOf } from './consult-views';

type SubmitConsultInput = z.output<typeof submitConsultInputSchema>;

export const FROM_ORDER_NOT_FOUND = 'This order was not found for this account. Choose one of its placed orders.';

/**
 * Consults one user, and one account, may have waiting for the lab at once. A practice asks about a fit and
 * the lab answers within a working day or two, so even a large practice has a handful waiting; a script filing
 * them in a loop (each one emails the lab) meets the cap at once (docs/decisions/0088-open-consults-are-capped.md).
 */
export const MAX_WAITING_CONSULTS_PER_USER = 20;
export const MAX_WAITING_CONSULTS_PER_ACCOUNT = 50;
export const TOO_MANY_CONSULTS_OF_USER = `You have ${MAX_WAITING_CONSULTS_PER_USER} consults waiting for the lab. Please wait for the lab's answers before sending another.`;
export const TOO_MANY_CONSULTS_OF_ACCOUNT = `This account has ${MAX_WAITING_CONSULTS_PER_ACCOUNT} consults waiting for the lab. Please wait for the lab's answers before sending another.`;

/** Refuses a new consult over either cap (429): the caller's waiting consults over their accounts, then the account's. */
async function assertUnderConsultCaps(
  caller: Identity,
  accountNumber: string,
  deps: Pick<ConsultDeps, 'consults' | 'users'>,
): Promise<void> {
  const { linked } = await callerAccounts(caller, deps);
  let mine = 0;
  for (const account of linked) {
    mine += await deps.consults.countWaiting(account, {
      atMost: MAX_WAITING_CONSULTS_PER_USER - mine,
      requesterId: caller.userId,
    });
    // Two tabs sending at the same moment may both pass at 19: the cap is a bound, not an exact count.
    if (mine >= MAX_WAITING_CONSULTS_PER_USER) throw resourceExhausted(TOO_MANY_CONSULTS_OF_USER);
  }
  const ofAccount = await deps.consults.countWaiting(accountNumber, { atMost: MAX_WAITING_CONSULTS_PER_ACCOUNT });
  if (ofAccount >= MAX_WAITING_CONSULTS_PER_ACCOUNT) throw resourceExhausted(TOO_MANY_CONSULTS_OF_ACCOUNT);
}

/**
 * `submitConsult`: a practice user asks the lab about a lens on one of their accounts. Idempotent by the
 * browser's `consultId`: a retry by the same user answers the stored consult (no second lab email); the id
 * named by anyone else is CONSULT_NOT_FOUND. The suggestions are the server's own (serverSuggestions).
 */
export async function submitConsult(
  caller: Identity,
  input: SubmitConsultInput,
  deps: Pick<ConsultDeps, 'consults' | 'settings' | 'orders' | 'users' | 'customers' | 'now'>,
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
  await assertUnderConsultCaps(caller, accountNumber, deps);

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
  const at = deps.now().toISOString();
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
