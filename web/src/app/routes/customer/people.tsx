import { AccountInView } from '../../../components/account-in-view';
import { PracticePeoplePage } from '../../../features/customers';
import { useSession } from '../../../lib/session-context';

/** /customer/people: the practice admin's people of the account selected in the sidebar. */
export default function CustomerPeopleRoute() {
  const session = useSession();
  return (
    <AccountInView title="People" loading="Loading people…">
      {(account) => (
        <PracticePeoplePage key={account} accountNumber={account} currentUserId={session.user?.userId ?? ''} />
      )}
    </AccountInView>
  );
}
