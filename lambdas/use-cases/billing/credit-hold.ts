import { aborted, notFound } from '../../../core/errors';
import {
  CREDIT_HOLD_MESSAGES,
  type AccountStanding,
  type CreditHold,
  type releaseCreditHoldInputSchema,
  type setCreditHoldInputSchema,
} from '../../../core/schemas/credit-hold';
import type { CustomerDetail } from '../../../core/schemas/customers/customer-admin';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { ACCOUNT_NOT_FOUND, actorOf, assertAccountVisible } from '../../kernel/caller';
import type { Clock } from '../../kernel/clock';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { UsersRepository } from '../../ports/users-repository';
import { isWriteConflict } from '../../ports/write-conflict';
import { CUSTOMER_STATUSES } from '../../../core/schemas/customers/customer-admin';
import { CHANGED_MESSAGES } from '../../../core/messages';

/**
 * Credit hold (docs/decisions/0111-credit-hold.md), kept on the practice record: set and released by billing
 * staff (or set by the daily job at the lab's days past due), each a conditional write on the practice's version.
 * approveOrder refuses an order of a held account; the lab's queue shows those orders in their own lane.
 */

export interface CreditHoldDeps {
  customers: Pick<CustomersRepository, 'get' | 'update'>;
  users: Pick<UsersRepository, 'get'>;
  now: Clock['now'];
  audit?: AuditTrail | undefined;
}

export const standingOf = (practice: CustomerDetail): AccountStanding => ({
  accountNumber: practice.accountNumber,
  creditHold: practice.creditHold ?? null,
  version: practice.version,
});

const holdWriteError = (error: unknown): never => {
  if (isWriteConflict(error, 'missing')) throw notFound(ACCOUNT_NOT_FOUND);
  if (isWriteConflict(error, 'changed')) throw aborted(CHANGED_MESSAGES.practice);
  throw error;
};

async function practiceOf(accountNumber: string, deps: Pick<CreditHoldDeps, 'customers'>) {
  const practice = await deps.customers.get(accountNumber);
  if (!practice) throw notFound(ACCOUNT_NOT_FOUND);
  return practice;
}

/** `getAccountStanding`: the account's users and the lab; another practice's account is not-found. */
export async function getAccountStanding(
  caller: Identity,
  input: { accountNumber: string },
  deps: Pick<CreditHoldDeps, 'customers' | 'users'>,
): Promise<AccountStanding> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  return standingOf(await practiceOf(input.accountNumber, deps));
}

/** `listCreditHolds` (the lab): every practice on hold, read page by page (hundreds of practices). */
export async function listCreditHolds(deps: {
  customers: Pick<CustomersRepository, 'list'>;
}): Promise<{ items: AccountStanding[] }> {
  const items: AccountStanding[] = [];
  for (const status of CUSTOMER_STATUSES) {
    let cursor: string | undefined;
    do {
      const page = await deps.customers.list({ status, limit: 100, cursor });
      for (const practice of page.items) if (practice.creditHold) items.push(standingOf(practice));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return { items: items.sort((a, b) => a.accountNumber.localeCompare(b.accountNumber)) };
}

/** Puts a hold on the practice read at `version`; the job and the billing desk share it. */
export async function placeHold(
  accountNumber: string,
  hold: CreditHold,
  version: number,
  deps: Pick<CreditHoldDeps, 'customers' | 'audit'>,
): Promise<AccountStanding> {
  const updated = await deps.customers
    .update(accountNumber, { set: { creditHold: hold } }, version)
    .catch(holdWriteError);
  await deps.audit?.recordChange({
    action: 'practice.credit-hold',
    target: { type: 'practice', id: accountNumber },
    accountNumber,
    before: { creditHold: null },
    after: { creditHold: hold },
  });
  return standingOf(updated);
}

/** `setCreditHold` (billing staff): the reason is what the practice reads. */
export async function setCreditHold(
  caller: Identity,
  input: z.output<typeof setCreditHoldInputSchema>,
  deps: CreditHoldDeps,
): Promise<AccountStanding> {
  const practice = await practiceOf(input.accountNumber, deps);
  if (practice.version !== input.version) throw aborted(CHANGED_MESSAGES.practice);
  if (practice.creditHold) throw aborted(CREDIT_HOLD_MESSAGES.alreadyHeld);
  const { name } = await actorOf(caller, deps);
  const hold: CreditHold = { since: deps.now().toISOString(), reason: input.reason, by: name, automatic: false };
  return placeHold(input.accountNumber, hold, input.version, deps);
}

/** `releaseCreditHold` (billing staff): the account's waiting orders can be approved again. */
export async function releaseCreditHold(
  input: z.output<typeof releaseCreditHoldInputSchema>,
  deps: Pick<CreditHoldDeps, 'customers' | 'audit'>,
): Promise<AccountStanding> {
  const practice = await practiceOf(input.accountNumber, deps);
  if (practice.version !== input.version) throw aborted(CHANGED_MESSAGES.practice);
  if (!practice.creditHold) throw aborted(CREDIT_HOLD_MESSAGES.notHeld);
  const updated = await deps.customers
    .update(input.accountNumber, { remove: ['creditHold'] }, input.version)
    .catch(holdWriteError);
  await deps.audit?.recordChange({
    action: 'practice.credit-release',
    target: { type: 'practice', id: input.accountNumber },
    accountNumber: input.accountNumber,
    before: { creditHold: practice.creditHold },
    after: { creditHold: null },
  });
  return standingOf(updated);
}
