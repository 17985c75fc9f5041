import { PAGE_PATHS } from '../../../../../core/page-paths';
import { AdminDashboard, type AdminShortcut } from '../../../features/admin';
import { useSession } from '../../../lib/session-context';
import { menuFor } from '../../navigation';

const DESCRIPTIONS: Record<string, string> = {
  [PAGE_PATHS.orderApproval]: 'Review and approve the orders practices submitted.',
  [PAGE_PATHS.warrantyClaims]: 'Decide the cancellations and defect reports practices sent; grant goodwill credit.',
  [PAGE_PATHS.adminConsults]: 'Answer the fit questions practices and visitors sent, within one business day.',
  [PAGE_PATHS.userManagement]: 'Create portal users, set roles, disable accounts and reset passwords.',
  [PAGE_PATHS.customerManagement]: 'Practices, account numbers, buying groups and account requests.',
  [PAGE_PATHS.lensManagement]: 'The lens catalog and the parameter ranges of each design.',
  [PAGE_PATHS.emailManagement]: 'The templates of the emails the portal sends.',
  [PAGE_PATHS.consultantSettings]: "The troubleshooter's thresholds and the designs the consultant covers.",
};

/** /admin/home: the lab staff's dashboard, with a card for each menu area of their role (spec 6). */
export default function AdminHomeRoute() {
  const session = useSession();
  const shortcuts: AdminShortcut[] = menuFor(session.role)
    .filter((item) => DESCRIPTIONS[item.path])
    .map((item) => ({ path: item.path, label: item.label, description: DESCRIPTIONS[item.path] ?? '' }));
  return <AdminDashboard firstName={session.profile?.firstName ?? ''} shortcuts={shortcuts} />;
}
