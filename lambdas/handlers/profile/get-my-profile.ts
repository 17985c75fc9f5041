import { profileRoutes } from '../../../core/routes/profile';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getMyProfile } from '../../use-cases/profile/get-my-profile';

const users = dynamoUsersRepository();

export const handler = createHandler(profileRoutes.getMyProfile, (_input, ctx) => getMyProfile(callerOf(ctx), users));
