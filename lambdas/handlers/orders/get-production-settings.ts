import { orderRoutes } from '../../../core/routes/orders';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { createHandler } from '../../http/create-handler';
import { getProductionSettings } from '../../use-cases/orders/production-settings';

const production = dynamoProductionSettings();

export const handler = createHandler(orderRoutes.getProductionSettings, () => getProductionSettings({ production }));
