import { notificationRoutes } from '../../../core/routes/notifications';
import { dynamoNotificationStore } from '../../adapters/dynamo-notification-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { countUnreadNotifications } from '../../use-cases/notifications/inbox';

const notifications = dynamoNotificationStore();

export const handler = createHandler(notificationRoutes.countUnreadNotifications, (_input, ctx) =>
  countUnreadNotifications(callerOf(ctx), { notifications }),
);
