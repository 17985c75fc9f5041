import './helpers/stack-env';
import { dynamoAccountLinks } from '../../lambdas/adapters/dynamo-account-links';
import { dynamoAccountRequestsRepository } from '../../lambdas/adapters/dynamo-account-requests-repository';
import { dynamoActivityRepository } from '../../lambdas/adapters/dynamo-activity-repository';
import { dynamoAuditLog } from '../../lambdas/adapters/dynamo-audit-log';
import { dynamoConsultStore } from '../../lambdas/adapters/dynamo-consult-store';
import { dynamoCustomersRepository } from '../../lambdas/adapters/dynamo-customers-repository';
import { dynamoEmailSuppressions } from '../../lambdas/adapters/dynamo-email-suppressions';
import { dynamoEmailTemplates } from '../../lambdas/adapters/dynamo-email-templates';
import { dynamoLensCatalogue } from '../../lambdas/adapters/dynamo-lens-catalogue';
import { dynamoLocks } from '../../lambdas/adapters/dynamo-locks';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { dynamoNoticeOutbox } from '../../lambdas/adapters/dynamo-notice-outbox';
import { dynamoOnceMarks } from '../../lambdas/adapters/dynamo-once-marks';
import { dynamoSignUpCodes } from '../../lambdas/adapters/dynamo-sign-up-codes';
import { dynamoOrderAccess } from '../../lambdas/adapters/dynamo-order-access';
import { dynamoOrdersRepository } from '../../lambdas/adapters/dynamo-orders-repository';
import { dynamoRateLimiter } from '../../lambdas/adapters/dynamo-rate-limiter';
import { dynamoReferenceDataRepository } from '../../lambdas/adapters/dynamo-reference-data-repository';
import { dynamoSecondFactorRecords } from '../../lambdas/adapters/dynamo-second-factor-records';
import { dynamoSessionRevocations } from '../../lambdas/adapters/dynamo-session-revocations';
import { dynamoUsersRepository } from '../../lambdas/adapters/dynamo-users-repository';
import { accountLinksContract } from '../support/contracts/account-links';
import { accountRequestsRepositoryContract } from '../support/contracts/account-requests-repository';
import { activityRepositoryContract } from '../support/contracts/activity-repository';
import { auditLogContract } from '../support/contracts/audit-log';
import { customersRepositoryContract } from '../support/contracts/customers-repository';
import { emailSuppressionsContract } from '../support/contracts/email-suppressions';
import { emailTemplatesContract } from '../support/contracts/email-templates';
import { lensCatalogueContract } from '../support/contracts/lens-catalogue';
import { locksContract } from '../support/contracts/locks';
import { moneyStoreContract } from '../support/contracts/money-store';
import { onceMarksContract } from '../support/contracts/once-marks';
import { noticeOutboxContract } from '../support/contracts/notice-outbox';
import { webhookStoreContract } from '../support/contracts/webhook-store';
import { dynamoWebhookStore } from '../../lambdas/adapters/dynamo-webhook-store';
import { dynamoNotificationStore } from '../../lambdas/adapters/dynamo-notification-store';
import { notificationStoreContract } from '../support/contracts/notification-store';
import { orderAccessContract } from '../support/contracts/order-access';
import { ordersRepositoryContract } from '../support/contracts/orders-repository';
import { rateLimiterContract } from '../support/contracts/rate-limiter';
import { referenceDataRepositoryContract } from '../support/contracts/reference-data-repository';
import { secondFactorRecordsContract } from '../support/contracts/second-factor-records';
import { sessionRevocationsContract } from '../support/contracts/session-revocations';
import { signUpCodesContract } from '../support/contracts/sign-up-codes';
import { usersRepositoryContract } from '../support/contracts/users-repository';

// The same contracts run against the in-memory fakes in tests/unit/lambdas/contracts/ports.test.ts.
usersRepositoryContract(
  'DynamoDB adapter',
  () => dynamoUsersRepository(),
  () => dynamoNoticeOutbox(),
);
customersRepositoryContract('DynamoDB adapter', () => dynamoCustomersRepository());
moneyStoreContract(
  'DynamoDB adapter',
  () => dynamoMoneyStore(),
  () => dynamoNoticeOutbox(),
);
ordersRepositoryContract('DynamoDB adapter', () => ({
  orders: dynamoOrdersRepository(),
  consults: dynamoConsultStore(),
  money: dynamoMoneyStore(),
  outbox: dynamoNoticeOutbox(),
}));
accountRequestsRepositoryContract(
  'DynamoDB adapter',
  () => dynamoAccountRequestsRepository(),
  () => dynamoNoticeOutbox(),
);
lensCatalogueContract('DynamoDB adapter', () => dynamoLensCatalogue());
emailTemplatesContract('DynamoDB adapter', () => dynamoEmailTemplates());
accountLinksContract('DynamoDB adapter', () => ({
  links: dynamoAccountLinks(),
  users: dynamoUsersRepository(),
  customers: dynamoCustomersRepository(),
  outbox: dynamoNoticeOutbox(),
}));
activityRepositoryContract('DynamoDB adapter', () => dynamoActivityRepository());
sessionRevocationsContract('DynamoDB adapter', () => dynamoSessionRevocations());
secondFactorRecordsContract('DynamoDB adapter', () => dynamoSecondFactorRecords());
emailSuppressionsContract('DynamoDB adapter', () => dynamoEmailSuppressions());
referenceDataRepositoryContract('DynamoDB adapter', () => dynamoReferenceDataRepository());
locksContract('DynamoDB adapter', (now) => dynamoLocks(now));
onceMarksContract(
  'DynamoDB adapter',
  () => dynamoOnceMarks(),
  () => dynamoNoticeOutbox(),
);
noticeOutboxContract('DynamoDB adapter', () => dynamoNoticeOutbox());
webhookStoreContract('DynamoDB adapter', () => dynamoWebhookStore());
signUpCodesContract('DynamoDB adapter', () => dynamoSignUpCodes());
rateLimiterContract('DynamoDB adapter', (now) => dynamoRateLimiter(now));
auditLogContract('DynamoDB adapter', () => dynamoAuditLog());
orderAccessContract('DynamoDB adapter', () => {
  const orders = dynamoOrdersRepository();
  return { access: dynamoOrderAccess(), store: (order) => orders.write({ order, expectedVersion: null }) };
});

notificationStoreContract('DynamoDB adapter', () => {
  const outbox = dynamoNoticeOutbox();
  return {
    store: dynamoNotificationStore(),
    outboxMessage: async (id) => {
      const record = await outbox.get(id);
      return (
        record && {
          messageId: record.messageId,
          topic: record.topic,
          notice: record.notice,
          createdAt: record.createdAt,
        }
      );
    },
  };
});
