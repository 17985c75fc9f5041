import { lensRoutes } from '../../../core/routes/lenses';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { listLensDesigns } from '../../use-cases/lenses/lens-designs';

const lenses = dynamoLensCatalogue();
const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();

export const handler = createHandler(lensRoutes.listLensDesigns, (input, ctx) =>
  listLensDesigns(callerOf(ctx), input, { lenses, users, customers }),
);
