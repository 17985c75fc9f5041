/** What other domains may use of the notification centre: the consumer raises each notice's items. */
export { raiseNotifications, type RaiseNotificationsDeps, type RaisedNotifications } from './raise-notifications';
