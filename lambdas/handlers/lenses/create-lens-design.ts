import { lensRoutes } from '../../../core/routes/lenses';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { createHandler } from '../../http/create-handler';
import { createLensDesign } from '../../use-cases/lenses/lens-designs';

const lenses = dynamoLensCatalogue();

export const handler = createHandler(lensRoutes.createLensDesign, (input, ctx) =>
  createLensDesign(input, { lenses, audit: ctx.audit }),
);
