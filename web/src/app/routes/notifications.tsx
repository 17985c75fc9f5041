import { NotificationInbox } from '../../features/notifications';

/** /notifications: the signed-in user's inbox, for practices and the lab (the header's bell opens it). */
export default function NotificationsRoute() {
  return <NotificationInbox />;
}
