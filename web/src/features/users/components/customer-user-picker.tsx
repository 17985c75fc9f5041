import { useCallback, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { useCustomerUsers } from '../api/get-customer-users';
import { userNameOf } from './user-role';
import styles from './customer-user-picker.module.css';

/** Results offered at once; a longer email narrows them. */
const PICKER_LIMIT = 8;
/** Fewer characters match too many users to be useful. */
const MIN_SEARCH = 2;

/**
 * Finds a customer user by email (getCustomerUsers' prefix search) for Customer Management's "link a
 * portal user"; each result has its own action button. The props are the practices feature's
 * UserPickerProps, which the app wires to this component.
 */
export function CustomerUserPicker({
  linkedUserIds,
  busyUserId,
  actionLabel,
  onPick,
}: {
  linkedUserIds: readonly string[];
  busyUserId: string | null;
  actionLabel: (user: { userId: string; email: string }) => string;
  onPick: (user: { userId: string; email: string }) => void;
}) {
  const [search, setSearch] = useState('');
  const onSearch = useCallback((next: string) => setSearch(next), []);
  const searching = search.length >= MIN_SEARCH;
  const query = useCustomerUsers({ search, limit: PICKER_LIMIT }, searching);
  const users = query.data?.items ?? [];

  return (
    <div className={styles.picker}>
      <SearchField label="Customer user's email" placeholder="e.g. frontdesk@practice.com" onSearch={onSearch} />
      <div className={styles.results} aria-live="polite">
        {!searching ? (
          <p className={styles.hint}>Type at least {MIN_SEARCH} characters of the email.</p>
        ) : query.isPending ? (
          <p className={styles.hint}>
            <Spinner size={14} /> Searching…
          </p>
        ) : query.isError ? (
          <Alert tone="error">The users could not be searched. Please try again.</Alert>
        ) : users.length === 0 ? (
          <p className={styles.hint}>No customer user&apos;s email, first or last name starts with “{search}”.</p>
        ) : (
          <ul className={styles.list} aria-label="Matching customer users">
            {users.map((user) => {
              const linked = linkedUserIds.includes(user.userId);
              return (
                <li key={user.userId} className={styles.item}>
                  <span className={styles.identity}>
                    <strong>{user.email}</strong>
                    <span className={styles.hint}>
                      {userNameOf(user)}
                      {user.accountNumber ? ` · main account ${user.accountNumber}` : ' · no account yet'}
                    </span>
                  </span>
                  {linked ? (
                    <Badge tone="info">Linked</Badge>
                  ) : (
                    <Button
                      size="sm"
                      onClick={() => onPick(user)}
                      loading={busyUserId === user.userId}
                      disabled={busyUserId !== null}
                      aria-label={actionLabel(user)}
                    >
                      Link
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
