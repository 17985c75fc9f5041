import { DEFAULT_WARRANTY_POLICY } from '../../core/schemas/lenses';
import { DEMO_CUSTOMERS, DEMO_USERS } from '../../local/seed/demo-data';
import { DEMO_LENS_DESIGNS } from '../../local/seed/lens-catalogue';
import { InMemoryCustomers, InMemoryUsers } from './in-memory-ports';
import { InMemoryLensCatalogue } from './lens-fakes';

/** The demo users' sign-in ids as the seed gets them from Cognito (`sub-{key}` here). */
export const DEMO_IDS = Object.fromEntries(
  DEMO_USERS.map((u) => [u.key, { userId: `sub-${u.key}`, email: u.email }]),
) as Record<(typeof DEMO_USERS)[number]['key'], { userId: string; email: string }>;

/** The demo users, practices and catalogue in memory, as the seeds find them before they add their own data. */
export function demoDirectory(now: Date) {
  const users = new InMemoryUsers();
  for (const u of DEMO_USERS)
    users.rows.set(DEMO_IDS[u.key].userId, {
      userId: DEMO_IDS[u.key].userId,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      ...(u.accountNumber ? { accountNumber: u.accountNumber } : {}),
      accountNumbers: u.accountNumbers ?? [],
      termsAccepted: true,
      version: 0,
    });
  const customers = new InMemoryCustomers();
  for (const c of DEMO_CUSTOMERS) customers.rows.set(c.accountNumber, { ...c, version: 0 });
  const lenses = new InMemoryLensCatalogue();
  for (const d of DEMO_LENS_DESIGNS)
    lenses.rows.set(d.lensId, {
      warranty: DEFAULT_WARRANTY_POLICY,
      ...d,
      version: 0,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
  return { users, customers, lenses };
}
