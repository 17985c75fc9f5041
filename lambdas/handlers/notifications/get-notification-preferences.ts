import { notificationRoutes } from '../../../core/routes/notifications';
import { dynamoNotificationStore } from '../../adapters/dynamo-notification-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { getNotificationPreferences } from '../../use-cases/notifications/preferences';

const notifications = dynamoNotificationStore();

export const handler = createHandler(notificationRoutes.getNotificationPreferences, (_input, ctx) =>
  getNotificationPreferences(callerOf(ctx), { notifications }),
);
