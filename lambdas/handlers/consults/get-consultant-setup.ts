import { consultRoutes } from '../../../core/routes/consults';
import { createHandler } from '../../http/create-handler';
import { getConsultantSetup } from '../../use-cases/consults/consultant-setup';
import { dynamoConsultantSettings } from '../../adapters/dynamo-consultant-settings';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, settings: dynamoConsultantSettings(), lenses: dynamoLensCatalogue() };

export const handler = createHandler(consultRoutes.getConsultantSetup, (_input, ctx) =>
  getConsultantSetup(ctx.identity, deps),
);
