import { ROLE_LABELS } from '../../../../core/rules/auth-status';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { BillingContactsCard } from '../../features/customers';
import { NotificationSettingsSection } from '../../features/notifications';
import { AccountSummary, ChangePasswordForm, SignOutEverywhereCard } from '../../features/settings';
import { useSession } from '../../lib/session-context';
import styles from './settings.module.css';

/**
 * /settings: open to all three roles (spec 2, 6): the account's email and role, a password change,
 * "Sign out everywhere", what the user hears about (the notification centre's choices) and, for a practice user,
 * the account's billing contacts.
 */
export default function SettingsRoute() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Settings" description="Your sign-in details and your notifications." />
      <div className={styles.grid}>
        <AccountSummary
          name={session.displayName}
          email={session.user?.email ?? ''}
          roleLabel={ROLE_LABELS[session.role]}
        />
        <Card title="Change password">
          <ChangePasswordForm />
        </Card>
        <SignOutEverywhereCard onSignOutEverywhere={() => session.logout({ everywhere: true })} />
        {session.role === 'customer' ? <BillingContactsCard /> : null}
        <NotificationSettingsSection className={styles.wide} />
      </div>
    </>
  );
}
