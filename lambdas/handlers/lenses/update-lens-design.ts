import { ROUTES } from '../../../core/routes';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { createHandler } from '../../http/create-handler';
import { updateLensDesign } from '../../use-cases/lens-designs';

const lenses = dynamoLensCatalogue();

export const handler = createHandler(ROUTES.updateLensDesign, (input, ctx) =>
  updateLensDesign(input, { lenses, audit: ctx.audit }),
);
