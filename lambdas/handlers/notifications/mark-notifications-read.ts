import { notificationRoutes } from '../../../core/routes/notifications';
import { dynamoNotificationStore } from '../../adapters/dynamo-notification-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { markNotificationsRead } from '../../use-cases/notifications/inbox';

const notifications = dynamoNotificationStore();

export const handler = createHandler(notificationRoutes.markNotificationsRead, (input, ctx) =>
  markNotificationsRead(callerOf(ctx), input, { notifications, ...systemClock }),
);
