import { ROUTES } from '../../../core/routes';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler } from '../../http/create-handler';
import { acceptTerms } from '../../use-cases/accept-terms';

const users = dynamoUsersRepository();

export const handler = createHandler(ROUTES.acceptTerms, (_input, ctx) =>
  acceptTerms(ctx.identity, users, () => new Date()),
);
