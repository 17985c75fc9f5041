import { notificationRoutes } from '../../../core/routes/notifications';
import { dynamoNotificationStore } from '../../adapters/dynamo-notification-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { listNotifications } from '../../use-cases/notifications/inbox';

const notifications = dynamoNotificationStore();

export const handler = createHandler(notificationRoutes.listNotifications, (input, ctx) =>
  listNotifications(callerOf(ctx), input, { notifications }),
);
