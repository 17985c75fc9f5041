import { customerRoutes } from '../../../core/routes/customers';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';
import { updateBuyingGroup } from '../../use-cases/customers/buying-groups';

const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(customerRoutes.updateBuyingGroup, (input, ctx) =>
  updateBuyingGroup(input, { referenceData, audit: ctx.audit }),
);
