import { Link } from 'react-router-dom';
import { pagePaths } from '../../../../../core/page-paths';
import { Alert } from '../../../components/ui/alert';
import { dateTime } from '../../../lib/format-time';
import { useAccountStanding } from '../api/credit-hold';

/**
 * What a practice sees while its account is on credit hold (docs/decisions/0111-credit-hold.md): since when, the
 * billing desk's reason as written, that new orders wait, and how to clear it. Nothing while the account is in
 * good standing or the answer has not come.
 */
export function CreditHoldNotice({ accountNumber }: { accountNumber: string }) {
  const standing = useAccountStanding(accountNumber);
  const hold = standing.data?.creditHold;
  if (!hold) return null;
  return (
    <Alert tone="warning" title={`Account ${accountNumber} is on credit hold`}>
      <p>
        Since {dateTime(hold.since)}: {hold.reason}
      </p>
      <p>
        Orders you send wait for the lab&rsquo;s billing desk and are made once the hold is released. To clear it, pay
        the overdue invoices on <Link to={pagePaths.payment({ account: accountNumber })}>Pay Online</Link> or call the
        lab&rsquo;s billing desk.
      </p>
    </Alert>
  );
}
