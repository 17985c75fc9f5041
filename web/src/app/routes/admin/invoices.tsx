import { AdminInvoices } from '../../../features/invoices';

/** /admin/invoices (admins): every practice's invoices, recorded and settled by the lab. */
export default function InvoicesRoute() {
  return <AdminInvoices />;
}
