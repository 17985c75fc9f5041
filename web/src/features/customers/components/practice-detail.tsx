import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { useId, useState } from 'react';
import { type LinkedUser } from '../../../../../core/schemas/customers/customer-admin';
import type { BuyingGroup } from '../../../../../core/schemas/customers/buying-group';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCustomer } from '../api/get-customer';
import { useLinkUserToAccount } from '../api/link-user-to-account';
import { useUnlinkUserFromAccount } from '../api/unlink-user-from-account';
import { useUpdateCustomer } from '../api/update-customer';
import { PracticeFacts } from './practice-facts';
import { PracticeForm } from './practice-form';
import type { PickedUser, UserPicker } from './user-picker';
import styles from './practice-detail.module.css';

const nameOf = (user: Pick<LinkedUser, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter((part) => part.trim()).join(' ') || user.email;

/**
 * One practice: its details (edited in place, with optimistic locking), the portal users linked to its
 * account number (link one found by email, unlink with a confirmation) and its recent orders.
 */
export function PracticeDetail({
  accountNumber,
  buyingGroups,
  buyingGroupName,
  UserPicker,
  onBack,
  onLinksChanged,
}: {
  accountNumber: string;
  buyingGroups: readonly BuyingGroup[];
  buyingGroupName: (buyingGroupId: string) => string;
  UserPicker: UserPicker;
  onBack: () => void;
  /** A user's links changed: lists of users elsewhere on the page are out of date. */
  onLinksChanged: () => void;
}) {
  const formId = useId();
  const detail = useCustomer(accountNumber);
  const update = useUpdateCustomer();
  const link = useLinkUserToAccount();
  const unlink = useUnlinkUserFromAccount();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedUser | null>(null);

  const back = (
    <p className={styles.back}>
      <button type="button" className="link-button" onClick={onBack}>
        ← All practices
      </button>
    </p>
  );

  if (detail.isPending)
    return (
      <>
        {back}
        <p className={styles.loading}>
          <Spinner size={18} /> Loading practice {accountNumber}…
        </p>
      </>
    );
  if (detail.isError)
    return (
      <>
        {back}
        <Alert tone="error" title={`Practice ${accountNumber} could not be loaded`}>
          {failureMessage(detail.error, 'Please try again.')}
        </Alert>
      </>
    );

  const { customer, linkedUsers, recentOrders } = detail.data;

  async function reloadAfterConflict() {
    await detail.refetch();
    setConflict(false);
  }

  async function linkUser(user: PickedUser) {
    try {
      await link.mutateAsync({ userId: user.userId, accountNumber: customer.accountNumber });
      notify.success(`${user.email} is linked to ${customer.accountNumber}.`);
      onLinksChanged();
    } catch (error) {
      notify.error(failureMessage(error, `${user.email} could not be linked.`));
    }
  }

  async function unlinkUser(user: LinkedUser) {
    try {
      await unlink.mutateAsync({ userId: user.userId, accountNumber: customer.accountNumber });
      notify.success(`${user.email} is no longer linked to ${customer.accountNumber}.`);
      onLinksChanged();
    } catch (error) {
      notify.error(failureMessage(error, `${user.email} could not be unlinked.`));
    } finally {
      setUnlinking(null);
    }
  }

  return (
    <>
      {back}
      <PageHeader
        title={customer.company || customer.accountNumber}
        description={`Account ${customer.accountNumber}`}
        actions={
          editing ? null : (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit practice
            </Button>
          )
        }
      />
      <div className={styles.grid}>
        <Card title="Details" className={styles.wide}>
          {editing ? (
            <>
              <PracticeForm
                key={customer.version}
                id={formId}
                buyingGroups={buyingGroups}
                onBusyChange={setSaving}
                onConflict={() => setConflict(true)}
                conflict={
                  conflict ? (
                    <Alert tone="warning" title={CHANGED_MESSAGES.practice}>
                      <Button size="sm" variant="secondary" onClick={() => void reloadAfterConflict()}>
                        Reload practice
                      </Button>
                    </Alert>
                  ) : null
                }
                mode={{
                  kind: 'edit',
                  customer,
                  onSubmit: async (input) => {
                    await update.mutateAsync(input);
                    notify.success(`Practice ${customer.accountNumber} was saved.`);
                    setEditing(false);
                  },
                }}
              />
              <div className={styles.formActions}>
                <Button type="submit" form={formId} loading={saving}>
                  Save practice
                </Button>
                <Button
                  variant="ghost"
                  disabled={saving}
                  onClick={() => {
                    setEditing(false);
                    setConflict(false);
                  }}
                >
                  Cancel
                </Button>
              </div>
            </>
          ) : (
            <PracticeFacts customer={customer} buyingGroupName={buyingGroupName} />
          )}
        </Card>
        <Card title={`Linked users (${linkedUsers.length})`}>
          {linkedUsers.length ? (
            <ul className={styles.users} aria-label={`Users linked to ${customer.accountNumber}`}>
              {linkedUsers.map((user) => (
                <li key={user.userId} className={styles.user}>
                  <span className={styles.identity}>
                    <strong>{nameOf(user)}</strong>
                    <span className={styles.muted}>{user.email}</span>
                    {user.isMainAccount ? <Badge tone="info">Main account</Badge> : <Badge>Additional account</Badge>}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setUnlinking(user)}
                    disabled={unlink.isPending}
                    aria-label={`Unlink ${user.email}`}
                  >
                    Unlink
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No portal user is linked to this account yet.</p>
          )}
        </Card>
        <Card title="Link a portal user">
          <p className={styles.muted}>
            Find the practice&apos;s user by email. The first account linked to a user becomes their main account.
          </p>
          <UserPicker
            linkedUserIds={linkedUsers.map((user) => user.userId)}
            busyUserId={link.isPending ? (link.variables?.userId ?? null) : null}
            actionLabel={(user) => `Link ${user.email} to ${customer.accountNumber}`}
            onPick={(user) => void linkUser(user)}
          />
        </Card>
        <Card title="Recent orders" className={styles.wide}>
          {recentOrders.length ? (
            <p>{recentOrders.length} recent orders</p>
          ) : (
            <EmptyState title="No orders yet">
              Orders placed for account {customer.accountNumber} will be listed here.
            </EmptyState>
          )}
        </Card>
      </div>
      {unlinking ? (
        <ConfirmDialog
          title="Unlink user?"
          confirmLabel="Unlink user"
          busy={unlink.isPending}
          onCancel={() => setUnlinking(null)}
          onConfirm={() => void unlinkUser(unlinking)}
        >
          <strong>{unlinking.email}</strong> loses access to account {customer.accountNumber}: its orders, invoices and
          lens credit.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
