import { creditRoutes } from '../../../core/routes/credit';
import { createHandler } from '../../http/create-handler';
import { updateCreditSettings } from '../../use-cases/credit/credit-approvals';
import { dynamoCreditSettings } from '../../adapters/dynamo-credit-settings';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, creditSettings: dynamoCreditSettings() };

export const handler = createHandler(creditRoutes.updateCreditSettings, (input, ctx) =>
  updateCreditSettings(input, { ...deps, audit: ctx.audit }),
);
