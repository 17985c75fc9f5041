import { defineRoutes } from '../define-routes';
import { CUSTOMER_OR_ADMIN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import {
  listNotificationsInputSchema,
  listNotificationsOutputSchema,
  markNotificationsReadInputSchema,
  notificationPreferencesSchema,
  unreadCountOutputSchema,
  updateNotificationPreferencesInputSchema,
} from '../schemas/notifications';

/**
 * The notification centre: the caller's own inbox and choices (the user id is the token's, never input's).
 * No route is `allowWhenIdle`: the bell's polling never counts as activity (only the browser's activity events
 * and putActivity do), and a session idle 60 minutes is over, so its bell gets the same 401 as any other call.
 */
export const notificationRoutes = defineRoutes('notifications', {
  listNotifications: {
    input: listNotificationsInputSchema,
    output: listNotificationsOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    resources: { tables: { notifications: 'read' } },
  },
  /** What the bell polls: one GetItem of the caller's meta item. */
  countUnreadNotifications: {
    input: emptyInputSchema,
    output: unreadCountOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    resources: { tables: { notifications: 'read' } },
  },
  markNotificationsRead: {
    input: markNotificationsReadInputSchema,
    output: unreadCountOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    resources: { tables: { notifications: 'readWrite' } },
  },
  getNotificationPreferences: {
    input: emptyInputSchema,
    output: notificationPreferencesSchema,
    access: CUSTOMER_OR_ADMIN,
    resources: { tables: { notifications: 'read' } },
  },
  updateNotificationPreferences: {
    input: updateNotificationPreferencesInputSchema,
    output: notificationPreferencesSchema,
    access: CUSTOMER_OR_ADMIN,
    resources: { tables: { notifications: 'readWrite' } },
  },
});
