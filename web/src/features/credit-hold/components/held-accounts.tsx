import { Link } from 'react-router-dom';
import { pagePath } from '../../../../../core/page-paths';
import { Card } from '../../../components/card';
import { dateTime } from '../../../lib/format-time';
import { useCreditHolds } from '../api/credit-hold';

/**
 * The lab queue's credit-hold lane (docs/decisions/0111-credit-hold.md): the accounts on hold, each with its
 * reason and a link to its waiting orders. Their orders cannot be approved (the server refuses) until the
 * billing desk releases the hold. Nothing while no account is held.
 */
export function HeldAccounts() {
  const holds = useCreditHolds();
  const items = holds.data?.items.filter((a) => a.creditHold) ?? [];
  if (items.length === 0) return null;
  return (
    <Card title="Credit hold">
      <p>Orders of these accounts wait until the billing desk releases the hold.</p>
      <ul>
        {items.map(({ accountNumber, creditHold }) => (
          <li key={accountNumber}>
            <Link to={pagePath('orderApproval', {}, { account: accountNumber })}>Orders of {accountNumber}</Link>: on
            hold since {dateTime(creditHold!.since)}
            {creditHold!.automatic ? ' (automatic, past due)' : ` by ${creditHold!.by}`}. {creditHold!.reason}
          </li>
        ))}
      </ul>
    </Card>
  );
}
