import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { LensCreditPage } from '../../../features/credit/components/lens-credit-page';
import { useSession } from '../../../lib/session-context';

/** /customer/credit (spec 2 menu): Lens Credit of the account selected in the sidebar. */
export default function CustomerCreditRoute() {
  const session = useSession();
  const account = session.customer.selectedAccount ?? session.customer.info?.accountNumber ?? null;
  if (!account || session.customer.switching)
    return (
      <>
        <PageHeader title="Lens Credit" />
        <p role="status">
          <Spinner size={16} /> Loading lens credit…
        </p>
      </>
    );
  // Keyed by account: switching accounts starts fresh (no claim drafts or ledger page of the other account).
  return <LensCreditPage key={account} accountNumber={account} />;
}
