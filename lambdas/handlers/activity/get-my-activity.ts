import { activityRoutes } from '../../../core/routes/activity';
import { dynamoActivityRepository } from '../../adapters/dynamo-activity-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getMyActivity } from '../../use-cases/activity/get-my-activity';

const activity = dynamoActivityRepository();

export const handler = createHandler(activityRoutes.getMyActivity, (_input, ctx) =>
  getMyActivity(callerOf(ctx), activity),
);
