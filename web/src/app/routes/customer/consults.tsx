import { AccountInView } from '../../../components/account-in-view';
import { ConsultsListPage } from '../../../features/consults';

/** /customer/consults: the consult requests of the account chosen in the sidebar and the lab's answers. */
export default function CustomerConsultsRoute() {
  return (
    <AccountInView title="Consults" loading="Loading consults…">
      {/* Keyed by account: switching accounts starts again at the first page of the other account's consults. */}
      {(account) => <ConsultsListPage key={account} accountNumber={account} />}
    </AccountInView>
  );
}
