import { notificationRoutes } from '../../../core/routes/notifications';
import { dynamoNotificationStore } from '../../adapters/dynamo-notification-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { updateNotificationPreferences } from '../../use-cases/notifications/preferences';

const notifications = dynamoNotificationStore();

export const handler = createHandler(notificationRoutes.updateNotificationPreferences, (input, ctx) =>
  updateNotificationPreferences(callerOf(ctx), input, { notifications }),
);
