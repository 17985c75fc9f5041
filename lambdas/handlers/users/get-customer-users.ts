import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoActivityRepository } from '../../adapters/dynamo-activity-repository';
import { dynamoEmailSuppressions } from '../../adapters/dynamo-email-suppressions';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler } from '../../http/create-handler';
import { listUsers } from '../../use-cases/users/list-users';

const directory = cognitoAdminDirectory();
const users = dynamoUsersRepository();
const activity = dynamoActivityRepository();
const suppressions = dynamoEmailSuppressions();

export const handler = createHandler(userRoutes.getCustomerUsers, (input) =>
  listUsers('customer', input, { directory, users, activity, suppressions }),
);
