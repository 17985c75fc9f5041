import { customerRoutes } from '../../../core/routes/customers';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';
import { createBuyingGroup } from '../../use-cases/customers/buying-groups';

const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(customerRoutes.createBuyingGroup, (input, ctx) =>
  createBuyingGroup(input, { referenceData, audit: ctx.audit }),
);
