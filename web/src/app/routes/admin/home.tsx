import { AdminDashboard, type AdminShortcut } from '../../../features/admin/components/admin-dashboard';
import { useSession } from '../../../lib/session-context';
import { menuFor } from '../../navigation';

const DESCRIPTIONS: Record<string, string> = {
  '/admin/order-approval': 'Review and approve the orders practices submitted.',
  '/admin/warranty-claims': 'Decide the cancellations and defect reports practices sent; grant goodwill credit.',
  '/admin/consults': 'Answer the fit questions practices and visitors sent, within one business day.',
  '/admin/user-management': 'Create portal users, set roles, disable accounts and reset passwords.',
  '/admin/customer-management': 'Practices, account numbers, buying groups and account requests.',
  '/admin/lens-management': 'The lens catalogue and the parameter ranges of each design.',
  '/admin/email-management': 'The templates of the emails the portal sends.',
  '/admin/consultant-settings': "The troubleshooter's thresholds and the designs the consultant covers.",
};

/** /admin/home: the lab staff's dashboard, with a card for each menu area of their role (spec 6). */
export default function AdminHomeRoute() {
  const session = useSession();
  const shortcuts: AdminShortcut[] = menuFor(session.role)
    .filter((item) => DESCRIPTIONS[item.path])
    .map((item) => ({ path: item.path, label: item.label, description: DESCRIPTIONS[item.path] ?? '' }));
  return <AdminDashboard firstName={session.profile?.firstName ?? ''} shortcuts={shortcuts} />;
}
