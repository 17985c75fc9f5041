import { ROUTES } from '../../../core/routes';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { createHandler } from '../../http/create-handler';
import { createLensDesign } from '../../use-cases/lens-designs';

const lenses = dynamoLensCatalogue();

export const handler = createHandler(ROUTES.createLensDesign, (input, ctx) =>
  createLensDesign(input, { lenses, audit: ctx.audit }),
);
