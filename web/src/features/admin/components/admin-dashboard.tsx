import { Link } from 'react-router-dom';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import styles from './admin-dashboard.module.css';
import { OrdersOverview } from './orders-overview';

export interface AdminShortcut {
  path: string;
  label: string;
  description: string;
}

/** The lab staff's home: a welcome, the orders overview and a card per area they may open. */
export function AdminDashboard({ firstName, shortcuts }: { firstName: string; shortcuts: readonly AdminShortcut[] }) {
  return (
    <>
      <PageHeader title="Dashboard" description={firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} />
      <OrdersOverview />
      <div className={styles.grid}>
        {shortcuts.map((shortcut) => (
          <Card key={shortcut.path} title={shortcut.label}>
            <p className={styles.text}>{shortcut.description}</p>
            <Link to={shortcut.path}>
              Open {shortcut.label}
              <span aria-hidden="true"> →</span>
            </Link>
          </Card>
        ))}
      </div>
    </>
  );
}
