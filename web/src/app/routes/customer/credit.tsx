import { AccountInView } from '../../../components/account-in-view';
import { LensCreditPage } from '../../../features/credit';

/** /customer/credit (spec 2 menu): Lens Credit of the account selected in the sidebar. */
export default function CustomerCreditRoute() {
  return (
    <AccountInView title="Lens Credit" loading="Loading lens credit…">
      {/* Keyed by account: switching accounts starts fresh (no claim drafts or ledger page of the other account). */}
      {(account) => <LensCreditPage key={account} accountNumber={account} />}
    </AccountInView>
  );
}
