import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REFERENCE_LISTS } from '../../core/data/tables';
import { tableName } from '../../lambdas/adapters/dynamo-client';
import { dynamoConsultantSettings } from '../../lambdas/adapters/dynamo-consultant-settings';
import { dynamoConsultStore } from '../../lambdas/adapters/dynamo-consult-store';
import { dynamoCustomersRepository } from '../../lambdas/adapters/dynamo-customers-repository';
import { dynamoLensCatalogue } from '../../lambdas/adapters/dynamo-lens-catalogue';
import { dynamoCreditSettings } from '../../lambdas/adapters/dynamo-credit-settings';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { dynamoProductionSettings } from '../../lambdas/adapters/dynamo-production-settings';
import { dynamoStatementStore } from '../../lambdas/adapters/dynamo-statement-store';
import { dynamoNotificationStore } from '../../lambdas/adapters/dynamo-notification-store';
import { dynamoOrdersRepository } from '../../lambdas/adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../lambdas/adapters/dynamo-users-repository';
import { companySortKey } from '../../lambdas/search/customer-sort-key';
import { localTableName } from '../provision/tables';
import { DEMO_BUYING_GROUPS, DEMO_CUSTOMERS, DEMO_USERS, type DemoUser } from './demo-data';
import { seedDemoConsults } from './demo-consults';
import { seedDemoMoney } from './demo-money';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoStatements } from './demo-statements';
import { seedDemoWebhooks } from './demo-webhooks';
import { dynamoWebhookStore } from '../../lambdas/adapters/dynamo-webhook-store';
import { seedDemoOrders } from './demo-orders';
import { seedLensCatalogue } from './lens-catalogue';

/**
 * Seeds the demo practices, buying groups and users (Cognito + users table). Idempotent: existing users
 * and rows are overwritten with the same values, so seeding twice changes nothing.
 */
export async function seedDemoData(deps: {
  cognito: CognitoIdentityProviderClient;
  dynamo: DynamoDBClient;
  userPoolId: string;
  tablePrefix: string;
}): Promise<Record<DemoUser['key'], { userId: string; email: string; password: string }>> {
  const doc = DynamoDBDocumentClient.from(deps.dynamo, { marshallOptions: { removeUndefinedValues: true } });
  const table = (t: Parameters<typeof localTableName>[0]) => localTableName(t, deps.tablePrefix);
  const now = new Date().toISOString();

  for (const group of DEMO_BUYING_GROUPS) {
    await doc.send(
      new PutCommand({
        TableName: table('referenceData'),
        Item: { list: REFERENCE_LISTS.buyingGroups, id: group.buyingGroupId, ...group },
      }),
    );
  }
  for (const customer of DEMO_CUSTOMERS) {
    await doc.send(
      new PutCommand({
        TableName: table('customers'),
        // Without companyKey a practice is missing from the byStatus index, so Customer Management's list.
        Item: {
          ...customer,
          companyKey: companySortKey(customer.company, customer.accountNumber),
          createdAt: now,
          version: 0,
        },
      }),
    );
  }

  await seedLensCatalogue(doc, table('lenses'), now);

  const ids = {} as Record<DemoUser['key'], { userId: string; email: string; password: string }>;
  for (const user of DEMO_USERS) {
    const userId = await ensureCognitoUser(deps.cognito, deps.userPoolId, user);
    ids[user.key] = { userId, email: user.email, password: user.password };
    await doc.send(
      new PutCommand({
        TableName: table('users'),
        Item: {
          userId,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          accountNumber: user.accountNumber,
          accountNumbers: user.accountNumbers ?? [],
          practiceRoles: user.practiceRoles,
          company: user.company,
          termsAccepted: user.termsAccepted ?? true,
          termsAcceptedDate: user.termsAccepted === false ? undefined : now,
          createdAt: now,
          version: 0,
        },
      }),
    );
  }

  // Each practice knows its users (`userIds`, as an approved account request or a link leaves it): the money
  // emails and the notification centre reach a practice's users through it.
  for (const customer of DEMO_CUSTOMERS) {
    const linked = DEMO_USERS.filter(
      (u) => u.accountNumber === customer.accountNumber || u.accountNumbers?.includes(customer.accountNumber),
    ).map((u) => ids[u.key].userId);
    if (linked.length === 0) continue;
    await doc.send(
      new UpdateCommand({
        TableName: table('customers'),
        Key: { accountNumber: customer.accountNumber },
        UpdateExpression: 'ADD userIds :users',
        ExpressionAttributeValues: { ':users': new Set(linked) },
      }),
    );
  }

  // The demo orders need the catalogue and the users rows above; they go through the orders use cases,
  // whose adapters find the tables through the TABLE_* variables the stack has set by now.
  const orderDeps = demoOrderDeps(deps.tablePrefix);
  await seedDemoOrders(orderDeps, ids);
  await seedDemoMoney({ ...orderDeps, money: dynamoMoneyStore(), creditSettings: dynamoCreditSettings() }, ids);
  await seedDemoStatements({
    statements: dynamoStatementStore(),
    money: dynamoMoneyStore(),
    customers: orderDeps.customers,
    production: dynamoProductionSettings(),
  });
  await seedDemoConsults({ ...orderDeps, consults: dynamoConsultStore(), settings: dynamoConsultantSettings() }, ids);
  await seedDemoNotifications({ orders: orderDeps.orders, notifications: dynamoNotificationStore() }, ids);
  await seedDemoWebhooks({ webhooks: dynamoWebhookStore(), now: () => new Date() });
  return ids;
}

function demoOrderDeps(tablePrefix: string) {
  if (tableName('orders') !== localTableName('orders', tablePrefix))
    throw new Error('Seed the demo orders after the stack has put its TABLE_* variables in process.env');
  return {
    orders: dynamoOrdersRepository(),
    users: dynamoUsersRepository(),
    customers: dynamoCustomersRepository(),
    lenses: dynamoLensCatalogue(),
  };
}

async function ensureCognitoUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  user: DemoUser,
): Promise<string> {
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    }),
  );
  for (const group of user.groups) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName: group }),
    );
  }
  const { UserAttributes } = await client.send(
    new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }),
  );
  const sub = UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`No sub for ${user.email}`);
  return sub;
}
