import { activityRoutes } from '../../../core/routes/activity';
import { dynamoActivityRepository } from '../../adapters/dynamo-activity-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { putActivity } from '../../use-cases/activity/put-activity';
import { systemClock } from '../../kernel/clock';

const activity = dynamoActivityRepository();

export const handler = createHandler(activityRoutes.putActivity, (input, ctx) =>
  putActivity(callerOf(ctx), input, { activity, now: systemClock.now }),
);
