import type { CustomerRecord } from '../../core/schemas/customer-info';
import type { UserProfile } from '../../core/schemas/user-profile';
import { InMemoryCustomers, InMemoryUsers } from './in-memory-ports';

/**
 * The users and practices the use-case tests start from: users with their accounts, and practices' customer
 * rows, in the in-memory repositories. Each test names who is linked to what; the rest is the same everywhere.
 */

/** The one shipping address the test practices use. */
export const TEST_SHIPPING_ADDRESS = { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' };

export type TestUser = Pick<UserProfile, 'userId' | 'email' | 'firstName'> & Partial<UserProfile>;

/** A user's profile row: last name "Test", terms accepted, version 0, no linked accounts unless given. */
export function testUser(user: TestUser): UserProfile {
  return { lastName: 'Test', accountNumbers: [], termsAccepted: true, version: 0, ...user };
}

/** In-memory users with these profiles (see testUser). */
export function testUsers(users: TestUser[]): InMemoryUsers {
  const repo = new InMemoryUsers();
  for (const user of users) repo.rows.set(user.userId, testUser(user));
  return repo;
}

/** In-memory customers with these practices: named for the account, pricing allowed, shipping to Austin. */
export function testCustomers(
  customers: (Pick<CustomerRecord, 'accountNumber'> & Partial<CustomerRecord>)[],
): InMemoryCustomers {
  const repo = new InMemoryCustomers();
  for (const customer of customers)
    repo.rows.set(customer.accountNumber, {
      company: customer.accountNumber,
      phone: '',
      shippingAddress: { ...TEST_SHIPPING_ADDRESS },
      pricingAllowed: true,
      ...customer,
    });
  return repo;
}
