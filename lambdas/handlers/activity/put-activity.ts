import { activityRoutes } from '../../../core/routes/activity';
import { dynamoActivityRepository } from '../../adapters/dynamo-activity-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { putActivity } from '../../use-cases/activity/put-activity';

const activity = dynamoActivityRepository();

export const handler = createHandler(activityRoutes.putActivity, (input, ctx) =>
  putActivity(callerOf(ctx), input, { activity, now: Date.now }),
);
