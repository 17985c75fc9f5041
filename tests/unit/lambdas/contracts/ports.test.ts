import { accountLinksContract } from '../../../support/contracts/account-links';
import { accountRequestsRepositoryContract } from '../../../support/contracts/account-requests-repository';
import { activityRepositoryContract } from '../../../support/contracts/activity-repository';
import { auditLogContract } from '../../../support/contracts/audit-log';
import { customersRepositoryContract } from '../../../support/contracts/customers-repository';
import { emailSuppressionsContract } from '../../../support/contracts/email-suppressions';
import { emailTemplatesContract } from '../../../support/contracts/email-templates';
import { lensCatalogueContract } from '../../../support/contracts/lens-catalogue';
import { locksContract } from '../../../support/contracts/locks';
import { moneyStoreContract } from '../../../support/contracts/money-store';
import { onceMarksContract } from '../../../support/contracts/once-marks';
import { noticeOutboxContract } from '../../../support/contracts/notice-outbox';
import { webhookStoreContract } from '../../../support/contracts/webhook-store';
import { inMemoryWebhookStore } from '../../../support/in-memory-webhooks';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import { notificationStoreContract } from '../../../support/contracts/notification-store';
import { InMemoryNotificationStore } from '../../../support/in-memory-notifications';
import { signUpCodesContract } from '../../../support/contracts/sign-up-codes';
import { orderAccessContract } from '../../../support/contracts/order-access';
import { ordersRepositoryContract } from '../../../support/contracts/orders-repository';
import { rateLimiterContract } from '../../../support/contracts/rate-limiter';
import { referenceDataRepositoryContract } from '../../../support/contracts/reference-data-repository';
import { secondFactorRecordsContract } from '../../../support/contracts/second-factor-records';
import { sessionRevocationsContract } from '../../../support/contracts/session-revocations';
import { usersRepositoryContract } from '../../../support/contracts/users-repository';
import { InMemoryOrderAccess } from '../../../support/attachments-fakes';
import { InMemoryEmailTemplates } from '../../../support/email-fakes';
import { InMemoryConsultStore } from '../../../support/in-memory-consults';
import { InMemoryMoneyStore } from '../../../support/in-memory-money';
import { InMemoryAuditLog } from '../../../support/in-memory-audit';
import {
  InMemoryAccountLinks,
  InMemoryAccountRequests,
  InMemoryActivity,
  InMemoryCustomers,
  InMemoryEmailSuppressions,
  InMemoryLocks,
  InMemoryRateLimiter,
  InMemoryReferenceData,
  InMemoryRevocations,
  InMemorySecondFactorRecords,
  InMemorySignUpCodes,
  InMemoryUsers,
} from '../../../support/in-memory-ports';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { InMemoryOnceMarks } from '../../../support/money-email-fakes';
import { InMemoryOrders } from '../../../support/order-fakes';

// The same contracts run against the DynamoDB adapters in tests/integration/port-contracts.test.ts, so the
// fakes the use-case tests rely on cannot drift from what the adapters do.
usersRepositoryContract(
  'in-memory fake',
  () => new InMemoryUsers(),
  (users) => (users as InMemoryUsers).outbox,
);
customersRepositoryContract('in-memory fake', () => new InMemoryCustomers());
moneyStoreContract(
  'in-memory fake',
  () => new InMemoryMoneyStore(),
  (money) => money.outbox,
);
ordersRepositoryContract('in-memory fake', () => {
  // Wired as the use-case tests wire them: a close's invoice and credit land in the money fake, "Order this"
  // marks the consult fake's row, the notices land in the outbox fake.
  const money = new InMemoryMoneyStore();
  const consults = new InMemoryConsultStore();
  const outbox = new InMemoryOutbox();
  return { orders: new InMemoryOrders(money.invoices, consults.rows, outbox, money), consults, money, outbox };
});
accountRequestsRepositoryContract(
  'in-memory fake',
  () => new InMemoryAccountRequests(),
  (requests) => (requests as InMemoryAccountRequests).outbox,
);
lensCatalogueContract('in-memory fake', () => new InMemoryLensCatalogue());
emailTemplatesContract('in-memory fake', () => new InMemoryEmailTemplates());
accountLinksContract('in-memory fake', () => {
  const users = new InMemoryUsers();
  const customers = new InMemoryCustomers();
  return { links: new InMemoryAccountLinks(users, customers), users, customers, outbox: users.outbox };
});
activityRepositoryContract('in-memory fake', () => new InMemoryActivity());
sessionRevocationsContract('in-memory fake', () => new InMemoryRevocations());
secondFactorRecordsContract('in-memory fake', () => new InMemorySecondFactorRecords());
emailSuppressionsContract('in-memory fake', () => new InMemoryEmailSuppressions());
referenceDataRepositoryContract('in-memory fake', () => new InMemoryReferenceData());
locksContract('in-memory fake', (now) => new InMemoryLocks(now));
onceMarksContract(
  'in-memory fake',
  () => new InMemoryOnceMarks(),
  (marks) => marks.outbox,
);
noticeOutboxContract('in-memory fake', () => new InMemoryOutbox());
webhookStoreContract('in-memory fake', () => inMemoryWebhookStore());
signUpCodesContract('in-memory fake', () => new InMemorySignUpCodes());
rateLimiterContract('in-memory fake', (now) => new InMemoryRateLimiter(now));
auditLogContract('in-memory fake', () => new InMemoryAuditLog());
orderAccessContract('in-memory fake', () => {
  const access = new InMemoryOrderAccess();
  return {
    access,
    store: async (order) => {
      access.rows.set(order.orderId, {
        accountNumber: order.accountNumber,
        status: order.status,
        createdByUserId: order.createdBy.userId,
      });
    },
  };
});

notificationStoreContract('in-memory fake', () => {
  const store = new InMemoryNotificationStore();
  return { store, outboxMessage: async (id) => store.outbox.messages().find((m) => m.messageId === id) ?? null };
});
