import type { CustomerDetail } from '../../../../../core/schemas/customers/customer-admin';
import { formatAddress } from '../../../lib/format-address';
import styles from './practice-facts.module.css';
import { FactList } from '../../../components/fact-list';

/** A practice's stored fields, read-only. */
export function PracticeFacts({
  customer,
  buyingGroupName,
}: {
  customer: CustomerDetail;
  buyingGroupName: (buyingGroupId: string) => string;
}) {
  const rows: Array<[string, string]> = [
    ['Account number', customer.accountNumber],
    ['Status', customer.status === 'inactive' ? 'Inactive' : 'Active'],
    ['Phone', customer.phone || '—'],
    ['Fax', customer.faxNumber || '—'],
    ['Buying group', customer.buyingGroupId ? buyingGroupName(customer.buyingGroupId) : 'None'],
    ['Pricing', customer.pricingAllowed ? 'Prices are shown' : 'Prices on request'],
    ['Other account numbers', customer.additionalAccounts.join(', ') || 'None'],
    ['Shipping address', formatAddress(customer.shippingAddress).join(', ') || '—'],
    [
      'Billing address',
      customer.billingAddress ? formatAddress(customer.billingAddress).join(', ') : 'Same as shipping',
    ],
  ];
  return <FactList rows={rows} className={styles.facts} />;
}
