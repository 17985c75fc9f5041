import { creditRoutes } from '../../../core/routes/credit';
import { createHandler } from '../../http/create-handler';
import { getCreditSettings } from '../../use-cases/credit/credit-approvals';
import { dynamoCreditSettings } from '../../adapters/dynamo-credit-settings';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, creditSettings: dynamoCreditSettings() };

export const handler = createHandler(creditRoutes.getCreditSettings, () => getCreditSettings(deps));
