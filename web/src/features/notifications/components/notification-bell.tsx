import { NavLink } from 'react-router-dom';
import { PAGE_PATHS } from '../../../../../core/page-paths';
import { useSession } from '../../../lib/session-context';
import { useUnreadCount } from '../api/count-unread-notifications';
import { usePageVisible } from '../hooks/use-page-visible';
import { bellLabel, unreadBadgeText } from '../model/unread-count';
import styles from './notification-bell.module.css';

/**
 * The header's bell: a link to the inbox with the unread count in a badge. It asks for the count only on the
 * fresh session (not on the answers kept from the last visit, while the layout is inert) and only while the
 * page is on screen. A count that cannot be read shows no badge: the bell is a hint, the inbox says more.
 */
export default function NotificationBell() {
  const { user, cached, checking } = useSession();
  const visible = usePageVisible();
  const count = useUnreadCount(user?.userId ?? null, !cached && !checking && visible);
  const unread = count.data?.unread ?? 0;
  return (
    <NavLink to={PAGE_PATHS.notifications} className={styles.bell} aria-label={bellLabel(unread)}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2zm-2 1H7v-6a5 5 0 0 1 10 0v6z"
        />
      </svg>
      {unread > 0 ? <span className={styles.badge}>{unreadBadgeText(unread)}</span> : null}
    </NavLink>
  );
}
