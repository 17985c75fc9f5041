import { PageHeader } from '../../../components/page-header';
import { LoadingLine } from '../../../components/ui/spinner';
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
        <LoadingLine>Loading lens credit…</LoadingLine>
      </>
    );
  // Keyed by account: switching accounts starts fresh (no claim drafts or ledger page of the other account).
  return <LensCreditPage key={account} accountNumber={account} />;
}
