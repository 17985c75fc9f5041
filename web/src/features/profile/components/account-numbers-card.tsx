import { Card } from '../../../components/card';
import { Badge } from '../../../components/ui/badge';
import styles from './account-numbers-card.module.css';

/** spec 1: one main account number plus optional additional ones; the lab links them, so read-only here. */
export function AccountNumbersCard({ main, additional }: { main: string | undefined; additional: readonly string[] }) {
  const others = additional.filter((account) => account !== main);
  return (
    <Card title="Account numbers">
      {main || others.length ? (
        <ul className={styles.accounts}>
          {main ? (
            <li>
              <span className={styles.number}>{main}</span> <Badge tone="info">Main</Badge>
            </li>
          ) : null}
          {others.map((account) => (
            <li key={account}>
              <span className={styles.number}>{account}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.note}>No account number is linked to your login.</p>
      )}
      <p className={styles.note}>The lab links account numbers to your login. Call us to add or remove one.</p>
    </Card>
  );
}
