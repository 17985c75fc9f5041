import type { AccountRequest } from '../../../../../core/schemas/account-requests';
import { formatAddress } from '../../../lib/format-address';
import styles from './request-summary.module.css';
import { FactList } from '../../../components/fact-list';

/** The details of an account request as label / value pairs, for the customer and the reviewing admin. */
export function RequestSummary({
  request,
  buyingGroupName,
  showPractice = true,
}: {
  request: AccountRequest;
  buyingGroupName: (buyingGroupId: string) => string;
  /** Off where the practice name is the heading already. */
  showPractice?: boolean;
}) {
  const rows: Array<[string, string]> = [
    ...(showPractice ? [['Practice', request.practiceName] as [string, string]] : []),
    ['Contact', request.contactName],
    ['Email', request.email],
    ['Phone', request.phone],
    ['Fax', request.fax || '—'],
    ['Address', formatAddress(request.address).join(', ')],
    ['State license number', request.stateLicenseNumber],
    ['Buying group', buyingGroupName(request.buyingGroupId)],
    ['Account number given', request.existingAccountNumber ?? 'None (the lab assigns one)'],
  ];
  return <FactList rows={rows} className={styles.summary} rowClassName={styles.row} />;
}
