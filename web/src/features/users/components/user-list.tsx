import { useQuery } from '@tanstack/react-query';
import { EMAIL_SUPPRESSION_LABELS } from '../../../../../core/schemas/email/email-suppression';
import { USER_PAGE, type AdminUser } from '../../../../../core/schemas/users/user-admin';
import { CursorTable } from '../../../components/cursor-table';
import { ActionMenu, type MenuAction } from '../../../components/ui/action-menu';
import { Badge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { useSearchedPages } from '../../../hooks/use-cursor-pages';
import { dateTime, relativeTime } from '../../../lib/format-time';
import { getAdminUsersQueryOptions } from '../api/get-admin-users';
import { getCustomerUsersQueryOptions } from '../api/get-customer-users';
import type { UserListKind } from '../api/query-keys';
import { accountStateNote, hasBilling, roleLabelOf, userNameOf } from './user-role';
import styles from './user-list.module.css';

/** What a super admin can do to a user from the list (spec 6 admin operations). */
export type UserAction =
  'enable' | 'disable' | 'verify' | 'reset' | 'role' | 'grant-billing' | 'remove-billing' | 'delete';

export interface UserListProps {
  kind: UserListKind;
  /** The signed-in super admin: they cannot disable, delete or demote themselves. */
  currentUserId: string | null;
  /** The user an action is running for: their row's actions are disabled meanwhile. */
  busyUserId: string | null;
  onAction: (action: UserAction, user: AdminUser) => void;
}

const LABELS: Record<UserListKind, { list: string; noun: string }> = {
  admins: { list: 'Admin users', noun: 'admins' },
  customers: { list: 'Customer users', noun: 'customers' },
};

function actionsFor(user: AdminUser, self: boolean, run: (action: UserAction) => void): MenuAction[] {
  const actions: MenuAction[] = [];
  const add = (key: UserAction, label: string, danger = false) =>
    actions.push({ key, label, danger, onSelect: () => run(key) });
  if (!user.enabled) add('enable', 'Enable');
  if (user.enabled && !self) add('disable', 'Disable…', true);
  if (!user.emailVerified) add('verify', 'Mark email as verified');
  // Their own password, role and account a super admin changes elsewhere (Settings) or not at all.
  if (!self) add('reset', 'Reset password…');
  if (!self) add('role', 'Change role…');
  // Billing is a permission of named lab admins (super admins hold it already).
  if (user.role === 'admin' && !user.isSuperAdmin) {
    if (hasBilling(user)) add('remove-billing', 'Remove billing permission');
    else add('grant-billing', 'Give billing permission');
  }
  if (!self) add('delete', 'Delete…', true);
  return actions;
}

/**
 * One of User Management's lists (admins or customers): search, paging, each user's role and state
 * (enabled, email verified, last activity) and the row's actions menu.
 */
export function UserList({ kind, currentUserId, busyUserId, onAction }: UserListProps) {
  const { search, onSearch, pages } = useSearchedPages();

  const input = {
    limit: USER_PAGE.defaultLimit,
    ...(search ? { search } : {}),
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  };
  const query = useQuery(kind === 'admins' ? getAdminUsersQueryOptions(input) : getCustomerUsersQueryOptions(input));
  const { list, noun } = LABELS[kind];

  const columns: Column<AdminUser>[] = [
    {
      key: 'user',
      header: 'User',
      primary: true,
      render: (user) => (
        <span className={styles.identity}>
          <strong>{userNameOf(user)}</strong>
          <span className={styles.email}>{user.email}</span>
          {user.userId === currentUserId ? <span className={styles.you}>(you)</span> : null}
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      render: (user) => (
        <>
          <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>{roleLabelOf(user)}</Badge>
          {hasBilling(user) ? <Badge tone="info">Billing</Badge> : null}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (user) => {
        const note = accountStateNote(user.status);
        return (
          <span className={styles.stack}>
            {user.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
            {note ? <span className={styles.note}>{note}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'email',
      header: 'Email',
      render: (user) => (
        <span className={styles.stack}>
          {user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
          {user.emailSuppressed ? (
            <>
              <Badge tone="danger">{EMAIL_SUPPRESSION_LABELS[user.emailSuppressed.reason]}</Badge>
              <span className={styles.note}>
                Not emailed since <time dateTime={user.emailSuppressed.at}>{dateTime(user.emailSuppressed.at)}</time>
              </span>
            </>
          ) : null}
        </span>
      ),
    },
    ...(kind === 'customers'
      ? [
          {
            key: 'accounts',
            header: 'Accounts',
            render: (user: AdminUser) => {
              const accounts = [user.accountNumber, ...user.accountNumbers].filter(
                (account, index, all): account is string => !!account && all.indexOf(account) === index,
              );
              return accounts.length ? accounts.join(', ') : <span className={styles.note}>None linked</span>;
            },
          },
        ]
      : []),
    {
      key: 'lastActivity',
      header: 'Last activity',
      render: (user) =>
        user.lastActivity === null ? (
          <span className={styles.note}>Never</span>
        ) : (
          <time dateTime={new Date(user.lastActivity).toISOString()} title={dateTime(user.lastActivity)}>
            {relativeTime(user.lastActivity)}
          </time>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (user) => (
        <ActionMenu
          label={`Actions for ${user.email}`}
          busy={busyUserId === user.userId}
          actions={actionsFor(user, user.userId === currentUserId, (action) => onAction(action, user))}
        />
      ),
    },
  ];

  const items = query.data?.items ?? [];
  return (
    <section aria-label={list}>
      <div className={styles.toolbar}>
        <SearchField label={`Search ${noun}`} placeholder="Email, first or last name" onSearch={onSearch} />
        <p className={styles.count} role="status">
          {query.isFetching ? (
            <>
              <Spinner size={14} /> Loading {noun}…
            </>
          ) : query.isSuccess ? (
            `${items.length} ${items.length === 1 ? noun.slice(0, -1) : noun} on this page`
          ) : null}
        </p>
      </div>
      <CursorTable
        query={query}
        pages={pages}
        failed={`The ${noun} could not be loaded`}
        empty={{
          title: pages.page > 1 ? `No more ${noun}` : search ? `No ${noun} match "${search}"` : `No ${noun} yet`,
          body: search ? 'Search matches the start of an email address, first name or last name.' : null,
        }}
        table={{ caption: list, columns, rowKey: (user) => user.userId, pager: list }}
      />
    </section>
  );
}
