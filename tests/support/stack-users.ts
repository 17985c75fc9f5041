import type { Group } from '../../core/constants';
import { createTestUser, signIn } from './cognito-test-users';
import { customerRow, putRow, userRow } from './dynamo-rows';

/**
 * Signed-in users of the local stack for integration tests: a practice of its own with its customer user, and
 * lab staff. Apply the emulators' environment before the first call.
 */

/** Stores the practice's customer row (`customer` overrides the defaults) and a customer user "Ann" linked to it. */
export async function practiceUser(accountNumber: string, customer: Record<string, unknown> = {}) {
  await putRow('customers', customerRow(accountNumber, customer));
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, { accountNumber, firstName: 'Ann' }));
  return { token: await signIn(user), userId: user.userId };
}

/** A lab admin "Lara" (`groups`: with `billing` for the money routes); answers the token. */
export async function labUser(groups: Group[] = ['admin']): Promise<string> {
  const user = await createTestUser(groups);
  await putRow('users', userRow(user, { firstName: 'Lara' }));
  return signIn(user);
}
