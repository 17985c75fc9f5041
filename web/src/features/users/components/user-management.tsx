import { useState } from 'react';
import type { AdminUser } from '../../../../../core/schemas/users/user-admin';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Tabs } from '../../../components/ui/tabs';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useDeleteUser } from '../api/delete-user';
import { useOverrideEmailVerification } from '../api/override-email-verification';
import { useSetBillingPermission } from '../api/set-billing-permission';
import { useUpdateUserStatus } from '../api/update-user-status';
import type { UserListKind } from '../api/query-keys';
import { ChangeRoleDialog } from './change-role-dialog';
import { CreateUserDialog } from './create-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserList, type UserAction } from './user-list';

const TABS = [
  { key: 'admins', label: 'Admins' },
  { key: 'customers', label: 'Customers' },
] as const satisfies ReadonlyArray<{ key: UserListKind; label: string }>;

type OpenDialog = { kind: 'create' } | { kind: 'disable' | 'delete' | 'reset' | 'role'; user: AdminUser } | null;

/**
 * /admin/user-management (spec 2, 6 super admins): admins and customers in two tabs, a new-user dialog and
 * each user's actions (enable or disable, verify email, reset password, change role, delete). Disabling and
 * deleting are confirmed first. Every action ends with a toast, and the lists reload (react-query
 * invalidation in the action hooks).
 */
export function UserManagement({
  tab,
  onTabChange,
  currentUserId,
}: {
  tab: UserListKind;
  onTabChange: (tab: UserListKind) => void;
  currentUserId: string | null;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const status = useUpdateUserStatus();
  const verify = useOverrideEmailVerification();
  const remove = useDeleteUser();
  const billing = useSetBillingPermission();
  const busyUserId =
    (status.isPending && status.variables?.userId) ||
    (verify.isPending && verify.variables?.userId) ||
    (billing.isPending && billing.variables?.userId) ||
    null;

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    try {
      await action();
      notify.success(success);
    } catch (error) {
      notify.error(failureMessage(error, failure));
    }
  }

  function onAction(action: UserAction, user: AdminUser) {
    switch (action) {
      case 'enable':
        return void run(
          () => status.mutateAsync({ userId: user.userId, disabled: false }),
          `${user.email} can sign in again.`,
          `${user.email} could not be enabled.`,
        );
      case 'verify':
        return void run(
          () => verify.mutateAsync({ userId: user.userId }),
          `The email of ${user.email} is marked as verified.`,
          `The email of ${user.email} could not be marked as verified.`,
        );
      case 'grant-billing':
      case 'remove-billing': {
        const give = action === 'grant-billing';
        return void run(
          () => billing.mutateAsync({ userId: user.userId, billing: give }),
          give
            ? `${user.email} has the billing permission from their next sign-in.`
            : `${user.email} no longer has the billing permission and was signed out.`,
          `The billing permission of ${user.email} could not be changed.`,
        );
      }
      default:
        return setDialog({ kind: action, user });
    }
  }

  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="User Management"
        description="Lab staff and practice users: create users, change roles, and enable, verify, reset or delete accounts."
        actions={<Button onClick={() => setDialog({ kind: 'create' })}>New user</Button>}
      />
      <Tabs label="User lists" tabs={TABS} selected={tab} onSelect={onTabChange}>
        <UserList key={tab} kind={tab} currentUserId={currentUserId} busyUserId={busyUserId} onAction={onAction} />
      </Tabs>

      {dialog?.kind === 'create' ? (
        <CreateUserDialog
          defaultRole={tab === 'admins' ? 'admin' : 'customer'}
          onClose={close}
          onCreated={(role) => {
            close();
            onTabChange(role === 'admin' ? 'admins' : 'customers');
          }}
        />
      ) : null}
      {dialog?.kind === 'reset' ? <ResetPasswordDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'role' ? <ChangeRoleDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'disable' ? (
        <ConfirmDialog
          title="Disable user?"
          confirmLabel="Disable user"
          busy={status.isPending}
          onCancel={close}
          onConfirm={() =>
            void run(
              () => status.mutateAsync({ userId: dialog.user.userId, disabled: true }),
              `${dialog.user.email} is disabled and was signed out.`,
              `${dialog.user.email} could not be disabled.`,
            ).then(close)
          }
        >
          <strong>{dialog.user.email}</strong> is signed out at once and cannot sign in until you enable them again.
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete user?"
          confirmLabel="Delete user"
          busy={remove.isPending}
          onCancel={close}
          onConfirm={() =>
            void run(
              () => remove.mutateAsync({ userId: dialog.user.userId }),
              `${dialog.user.email} was deleted.`,
              `${dialog.user.email} could not be deleted.`,
            ).then(close)
          }
        >
          This removes the sign-in and the user record of <strong>{dialog.user.email}</strong>. It cannot be undone.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
