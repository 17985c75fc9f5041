import { billingRoutes } from '../../../core/routes/billing';
import { dynamoBillingSettings } from '../../adapters/dynamo-billing-settings';
import { createHandler } from '../../http/create-handler';
import { updateBillingSettings } from '../../use-cases/billing/billing-settings';

const billingSettings = dynamoBillingSettings();

export const handler = createHandler(billingRoutes.updateBillingSettings, (input, ctx) =>
  updateBillingSettings(input, { billingSettings, audit: ctx.audit }),
);
