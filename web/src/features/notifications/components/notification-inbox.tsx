import { Link } from 'react-router-dom';
import { PAGE_PATHS } from '../../../../../core/page-paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingLine } from '../../../components/ui/spinner';
import plain from '../../../components/plain-list.module.css';
import { failureMessage } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { useInbox } from '../api/list-notifications';
import { useMarkNotificationsRead, type MarkReadInput } from '../api/mark-notifications-read';
import { NotificationEntry } from './notification-entry';
import styles from './notification-inbox.module.css';

const MARK_FAILED = 'It could not be marked as read. Try again.';

/** Which item a mark-read was about ('all' for Mark all as read), so its error shows beside what was pressed. */
const subjectOf = (input: MarkReadInput | undefined) => (!input ? null : 'all' in input ? 'all' : input.ids[0]);

/**
 * /notifications: the caller's inbox, newest first, a page at a time. An unread item says so in words as well
 * as in weight and colour; opening its link marks it read; "Mark read" and "Mark all as read" change the bell
 * at once. The choices of what arrives here are in Settings.
 */
export function NotificationInbox() {
  const { user, customer } = useSession();
  const userId = user?.userId ?? null;
  const { inbox, loadMore, loadingMore, loadMoreFailed } = useInbox(userId);
  const markRead = useMarkNotificationsRead(userId);
  const items = inbox.data?.items ?? [];
  const unread = inbox.data?.unread ?? 0;
  const failedOn = markRead.isError ? subjectOf(markRead.variables) : null;
  const markingOn = markRead.isPending ? subjectOf(markRead.variables) : null;
  // A practice with several accounts is told which account an item is about.
  const showAccount = customer.accounts.length > 1;

  const mark = (id: string) => markRead.mutate({ ids: [id] });

  return (
    <>
      <PageHeader
        title="Notifications"
        description={
          <>
            What happened to what you follow in the portal. Choose what arrives here in{' '}
            <Link to={PAGE_PATHS.settings}>Settings</Link>.
          </>
        }
        actions={
          items.length > 0 ? (
            <Button
              variant="secondary"
              onClick={() => markRead.mutate({ all: true })}
              disabled={unread === 0}
              loading={markingOn === 'all'}
            >
              Mark all as read
            </Button>
          ) : null
        }
      />
      {failedOn === 'all' ? (
        <Alert tone="error">
          {failureMessage(markRead.error, 'The notifications could not be marked as read. Try again.')}
        </Alert>
      ) : null}
      {inbox.isPending ? (
        <LoadingLine>Loading your notifications…</LoadingLine>
      ) : inbox.isError && items.length === 0 ? (
        <LoadFailed title="Your notifications could not be loaded" onRetry={() => void inbox.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No notifications yet">
          <p>When something you follow changes (an order, an invoice, a consult), it shows here and in the bell.</p>
        </EmptyState>
      ) : (
        <div>
          <p className={styles.count} aria-live="polite">
            {unread === 0 ? 'All read' : `${unread} unread`}
          </p>
          <ul className={`${plain.list} ${styles.list}`}>
            {items.map((item) => (
              <NotificationEntry
                key={item.id}
                item={item}
                showAccount={showAccount}
                marking={markingOn === item.id}
                error={failedOn === item.id ? failureMessage(markRead.error, MARK_FAILED) : null}
                onOpen={() => item.readAt === null && mark(item.id)}
                onMarkRead={() => mark(item.id)}
              />
            ))}
          </ul>
          {loadMore ? (
            <div className={styles.more}>
              {loadMoreFailed ? (
                <Alert tone="error">The next notifications could not be loaded. Try again.</Alert>
              ) : null}
              <Button variant="secondary" onClick={loadMore} loading={loadingMore}>
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
