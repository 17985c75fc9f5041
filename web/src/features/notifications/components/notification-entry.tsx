import { Link } from 'react-router-dom';
import type { NotificationItem } from '../../../../../core/schemas/notifications';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { dateTime, relativeTime } from '../../../lib/format-time';
import styles from './notification-inbox.module.css';

export interface NotificationEntryProps {
  item: NotificationItem;
  showAccount: boolean;
  marking: boolean;
  error: string | null;
  /** The item's link was followed (the page it opens is on its way). */
  onOpen: () => void;
  onMarkRead: () => void;
}

/**
 * One item of the inbox: its title (the link to what it is about), its text, when it happened (how long ago,
 * the exact time on hover and for screen readers), and for an unread one the word "Unread" and "Mark read".
 */
export function NotificationEntry({ item, showAccount, marking, error, onOpen, onMarkRead }: NotificationEntryProps) {
  const unread = item.readAt === null;
  const exact = dateTime(item.createdAt);
  return (
    <li className={`${styles.item} ${unread ? styles.unread : ''}`}>
      <div className={styles.text}>
        <div className={styles.meta}>
          {unread ? <Badge tone="info">Unread</Badge> : null}
          <time dateTime={item.createdAt} title={exact}>
            {relativeTime(Date.parse(item.createdAt))}
            <span className="visually-hidden">, {exact}</span>
          </time>
          {showAccount && item.accountNumber ? <span>Account {item.accountNumber}</span> : null}
        </div>
        <h2 className={styles.title}>
          <Link to={item.link} onClick={onOpen}>
            {item.title}
          </Link>
        </h2>
        <p className={styles.body}>{item.body}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      {unread ? (
        <Button
          variant="ghost"
          size="sm"
          className={styles.markRead}
          onClick={onMarkRead}
          loading={marking}
          aria-label={`Mark read: ${item.title}`}
        >
          Mark read
        </Button>
      ) : null}
    </li>
  );
}
