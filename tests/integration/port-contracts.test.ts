import './helpers/stack-env';
import { dynamoAccountRequestsRepository } from '../../lambdas/adapters/dynamo-account-requests-repository';
import { dynamoConsultStore } from '../../lambdas/adapters/dynamo-consult-store';
import { dynamoCustomersRepository } from '../../lambdas/adapters/dynamo-customers-repository';
import { dynamoEmailTemplates } from '../../lambdas/adapters/dynamo-email-templates';
import { dynamoLensCatalogue } from '../../lambdas/adapters/dynamo-lens-catalogue';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { dynamoOrdersRepository } from '../../lambdas/adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../lambdas/adapters/dynamo-users-repository';
import { accountRequestsRepositoryContract } from '../support/contracts/account-requests-repository';
import { customersRepositoryContract } from '../support/contracts/customers-repository';
import { emailTemplatesContract } from '../support/contracts/email-templates';
import { lensCatalogueContract } from '../support/contracts/lens-catalogue';
import { moneyStoreContract } from '../support/contracts/money-store';
import { ordersRepositoryContract } from '../support/contracts/orders-repository';
import { usersRepositoryContract } from '../support/contracts/users-repository';

// The same contracts run against the in-memory fakes in tests/unit/lambdas/contracts/ports.test.ts.
usersRepositoryContract('DynamoDB adapter', () => dynamoUsersRepository());
customersRepositoryContract('DynamoDB adapter', () => dynamoCustomersRepository());
moneyStoreContract('DynamoDB adapter', () => dynamoMoneyStore());
ordersRepositoryContract('DynamoDB adapter', () => ({
  orders: dynamoOrdersRepository(),
  consults: dynamoConsultStore(),
  money: dynamoMoneyStore(),
}));
accountRequestsRepositoryContract('DynamoDB adapter', () => dynamoAccountRequestsRepository());
lensCatalogueContract('DynamoDB adapter', () => dynamoLensCatalogue());
emailTemplatesContract('DynamoDB adapter', () => dynamoEmailTemplates());
