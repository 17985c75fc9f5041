import { consultRoutes } from '../../../core/routes/consults';
import { createHandler } from '../../http/create-handler';
import { getLabConsult } from '../../use-cases/consults/lab-consults';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, consults: dynamoConsultStore() };

export const handler = createHandler(consultRoutes.getLabConsult, (input) => getLabConsult(input, deps));
