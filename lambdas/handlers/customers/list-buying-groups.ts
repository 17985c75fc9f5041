import { ROUTES } from '../../../core/routes';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';

const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(ROUTES.listBuyingGroups, async () => ({
  items: await referenceData.listBuyingGroups(),
}));
