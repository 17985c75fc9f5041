import { customerRoutes } from '../../../core/routes/customers';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';

const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(customerRoutes.listBuyingGroups, async () => ({
  items: await referenceData.listBuyingGroups(),
}));
