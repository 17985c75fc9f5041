import { PageHeader } from '../../../components/page-header';
import { LoadingLine } from '../../../components/ui/spinner';
import { ConsultsListPage } from '../../../features/consults/customer/consults-list-page';
import { useSession } from '../../../lib/session-context';

/** /customer/consults: the consult requests of the account chosen in the sidebar and the lab's answers. */
export default function CustomerConsultsRoute() {
  const session = useSession();
  const account = session.customer.selectedAccount ?? session.customer.info?.accountNumber ?? null;
  if (!account || session.customer.switching)
    return (
      <>
        <PageHeader title="Consults" />
        <LoadingLine>Loading consults…</LoadingLine>
      </>
    );
  // Keyed by account: switching accounts starts again at the first page of the other account's consults.
  return <ConsultsListPage key={account} accountNumber={account} />;
}
