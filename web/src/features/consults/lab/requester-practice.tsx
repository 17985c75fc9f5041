import type { Consult } from '../../../../../core/schemas/consults';
import { Badge } from '../../../components/ui/badge';
import styles from './lab-consults.module.css';

/**
 * Who a consult is from, in one cell: the practice's account, or for a visitor's request not yet linked to
 * one the practice name they typed, marked "Lead" (the lab may link it to a practice).
 */
export function RequesterPractice({ consult }: { consult: Pick<Consult, 'accountNumber' | 'requester'> }) {
  if (consult.accountNumber) return <>{consult.accountNumber}</>;
  return (
    <span className={styles.lead}>
      <span>{consult.requester.practiceName ?? consult.requester.name}</span>
      <Badge tone="info">Lead</Badge>
    </span>
  );
}
