import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { CardsAndAutopay } from '../../../features/autopay';
import { PayOnline } from '../../../features/invoices';
import { PaymentPanel } from '../../../features/payments';
import { AccountStatements } from '../../../features/statements';
import { useAccountInView, useSession } from '../../../lib/session-context';

/**
 * /customer/payment: the invoices of the account chosen in the sidebar (or all the user's
 * accounts) with the payments feature's panel and the statements and autopay features' tabs composed in (features do not
 * import each other).
 */
export default function PaymentRoute() {
  const session = useSession();
  const account = useAccountInView();
  const userId = session.user?.userId ?? null;
  if (!account || !userId)
    return (
      <>
        <PageHeader title="Pay Online" />
        <EmptyState title="No account yet">Invoices appear here once the lab has linked your account.</EmptyState>
      </>
    );
  const accounts = session.customer.accounts.length ? session.customer.accounts : [account];
  return (
    <PayOnline
      userId={userId}
      accounts={accounts}
      selectedAccount={account}
      PaymentArea={PaymentPanel}
      Statements={AccountStatements}
      Autopay={CardsAndAutopay}
    />
  );
}
