import { ROLE_LABELS } from '../../../../core/rules/auth-status';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { AccountSummary } from '../../features/settings/components/account-summary';
import { ChangePasswordForm } from '../../features/settings/components/change-password-form';
import { useSession } from '../../lib/session-context';
import styles from './settings.module.css';

/** /settings: open to all three roles (spec 2, 6): the account's email and role, and a password change. */
export default function SettingsRoute() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Settings" description="Your sign-in details." />
      <div className={styles.grid}>
        <AccountSummary
          name={session.displayName}
          email={session.user?.email ?? ''}
          roleLabel={ROLE_LABELS[session.role]}
        />
        <Card title="Change password">
          <ChangePasswordForm />
        </Card>
      </div>
    </>
  );
}
