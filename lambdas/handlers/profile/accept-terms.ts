import { profileRoutes } from '../../../core/routes/profile';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler } from '../../http/create-handler';
import { acceptTerms } from '../../use-cases/profile/accept-terms';
import { systemClock } from '../../kernel/clock';

const users = dynamoUsersRepository();

export const handler = createHandler(profileRoutes.acceptTerms, (_input, ctx) =>
  acceptTerms(ctx.identity, users, systemClock.now),
);
