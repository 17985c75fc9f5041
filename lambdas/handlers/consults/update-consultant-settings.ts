import { consultRoutes } from '../../../core/routes/consults';
import { callerOf, createHandler } from '../../http/create-handler';
import { updateConsultantSettings } from '../../use-cases/consults/consultant-setup';
import { dynamoConsultantSettings } from '../../adapters/dynamo-consultant-settings';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, settings: dynamoConsultantSettings(), lenses: dynamoLensCatalogue() };

export const handler = createHandler(consultRoutes.updateConsultantSettings, (input, ctx) =>
  updateConsultantSettings(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
