import { mayMoveMoney } from '../../../../../core/routes/access-groups';
import { AdminInvoices } from '../../../features/invoices';
import { useSession } from '../../../lib/session-context';

/**
 * /admin/invoices (admins): every practice's invoices, recorded and settled by the lab; voiding and recording a
 * payment are offered to staff with the billing permission, as the API allows.
 */
export default function InvoicesRoute() {
  const { user } = useSession();
  return <AdminInvoices mayMoveMoney={mayMoveMoney(user?.groups ?? [])} />;
}
