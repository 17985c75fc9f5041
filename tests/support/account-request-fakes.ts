import { InMemoryEmailTemplates } from './email-fakes';
import {
  InMemoryAccountLinks,
  InMemoryAccountRequests,
  InMemoryCustomers,
  InMemoryMailer,
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

/** The ports the account-request use cases run on, in memory and empty, with the lab's inbox at orders@lab.test. */
export function accountRequestPorts(now: Date) {
  const users = new InMemoryUsers();
  const customers = new InMemoryCustomers();
  const requests = new InMemoryAccountRequests();
  const links = new InMemoryAccountLinks(users, customers);
  const mailer = new InMemoryMailer();
  const templates = new InMemoryEmailTemplates(['orders@lab.test']);
  const { log, lines } = memoryLogger();
  const deps = {
    users,
    customers,
    requests,
    links,
    mailer,
    templates,
    referenceData: new InMemoryReferenceData(),
    labAddress: () => 'orders@lab.test',
    portalUrl: 'https://portal.lab.test',
    now: () => now,
    log,
  };
  return { ...deps, lines, deps };
}
