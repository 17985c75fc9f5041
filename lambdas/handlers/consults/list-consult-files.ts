import { consultRoutes } from '../../../core/routes/consults';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { CONSULT_FILES } from '../../ports/attached-files';
import { listConsultFiles } from '../../use-cases/consults/consult-files';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  consults: dynamoConsultStore(),
  users: dynamoUsersRepository(),
  files: s3AttachedFiles(CONSULT_FILES),
};

export const handler = createHandler(consultRoutes.listConsultFiles, (input, ctx) =>
  listConsultFiles(callerOf(ctx), input, deps),
);
