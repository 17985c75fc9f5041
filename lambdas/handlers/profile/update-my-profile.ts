import { profileRoutes } from '../../../core/routes/profile';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { updateMyProfile } from '../../use-cases/profile/update-my-profile';

const users = dynamoUsersRepository();

export const handler = createHandler(profileRoutes.updateMyProfile, (input, ctx) =>
  updateMyProfile(callerOf(ctx), input, users),
);
