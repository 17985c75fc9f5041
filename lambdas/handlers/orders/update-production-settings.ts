import { orderRoutes } from '../../../core/routes/orders';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { createHandler } from '../../http/create-handler';
import { updateProductionSettings } from '../../use-cases/orders/production-settings';

const production = dynamoProductionSettings();

export const handler = createHandler(orderRoutes.updateProductionSettings, (input, ctx) =>
  updateProductionSettings(input, { production, audit: ctx.audit }),
);
