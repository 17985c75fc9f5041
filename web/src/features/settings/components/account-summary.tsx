import { Card } from '../../../components/card';
import styles from './account-summary.module.css';

/** The signed-in account's email and role on the settings page. */
export function AccountSummary({ name, email, roleLabel }: { name: string; email: string; roleLabel: string }) {
  return (
    <Card title="Account">
      <dl className={styles.list}>
        <div>
          <dt>Name</dt>
          <dd>{name || 'Not set'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{roleLabel}</dd>
        </div>
      </dl>
    </Card>
  );
}
