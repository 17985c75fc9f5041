import { ROUTES } from '../../../core/routes';
import { dynamoActivityRepository } from '../../adapters/dynamo-activity-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getMyActivity } from '../../use-cases/get-my-activity';

const activity = dynamoActivityRepository();

export const handler = createHandler(ROUTES.getMyActivity, (_input, ctx) => getMyActivity(callerOf(ctx), activity));
