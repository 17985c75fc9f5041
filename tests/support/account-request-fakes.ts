import { storedEmailSends, type StoredEmail } from '../../lambdas/email/safe-email';
import { InMemoryEmailTemplates } from './email-fakes';
import { InMemoryOutbox } from './in-memory-outbox';
import {
  InMemoryAccountLinks,
  InMemoryAccountRequests,
  InMemoryCustomers,
  InMemoryReferenceData,
  InMemoryUsers,
  memoryLogger,
} from './in-memory-ports';

/** The form a practice sends to ask for an account; each test names the practice, as what it checks is there. */
export const accountRequestForm = (practiceName: string, extra: Record<string, unknown> = {}) => ({
  practiceName,
  contactName: 'Dr. Ama Mensah',
  email: 'ama@sunrise.test',
  phone: '(503) 555-0170',
  address: { address: '9 Harbor Road', city: 'Portland', state: 'OR', zip: '97201' },
  stateLicenseNumber: 'OR-12345',
  buyingGroupId: 'vision-source',
  ...extra,
});

/**
 * The ports the account-request use cases run on, in memory and empty, with the lab's inbox at orders@lab.test.
 * The stores share one outbox; `queued()` answers the emails stored in it so far, oldest first.
 */
export function accountRequestPorts(now: Date) {
  const outbox = new InMemoryOutbox();
  const users = new InMemoryUsers(outbox);
  const customers = new InMemoryCustomers();
  const requests = new InMemoryAccountRequests(outbox);
  const links = new InMemoryAccountLinks(users, customers);
  const templates = new InMemoryEmailTemplates(['orders@lab.test']);
  const { log, lines } = memoryLogger();
  // As sent: an email to each of several addresses separately is one email per address.
  const queued = () => outbox.notices<StoredEmail>('email').flatMap(storedEmailSends);
  const deps = {
    users,
    customers,
    requests,
    links,
    templates,
    referenceData: new InMemoryReferenceData(),
    labAddress: () => 'orders@lab.test',
    portalUrl: 'https://portal.lab.test',
    now: () => now,
    log,
  };
  return { ...deps, outbox, queued, lines, deps };
}
