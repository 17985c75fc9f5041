import { billingRoutes } from '../../../core/routes/billing';
import { dynamoBillingSettings } from '../../adapters/dynamo-billing-settings';
import { createHandler } from '../../http/create-handler';
import { getBillingSettings } from '../../use-cases/billing/billing-settings';

const deps = { billingSettings: dynamoBillingSettings() };

export const handler = createHandler(billingRoutes.getBillingSettings, () => getBillingSettings(deps));
