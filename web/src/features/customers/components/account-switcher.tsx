import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { Spinner } from '../../../components/ui/spinner';
import styles from './account-switcher.module.css';

export interface AccountSwitcherProps {
  accounts: readonly string[];
  selected: string | null;
  switching: boolean;
  onSwitch: (account: string) => void;
}

/**
 * spec 2: the account-number dropdown with a copy button. Switching shows a loading state in the dropdown
 * while the customer info of the chosen account loads.
 */
export function AccountSwitcher({ accounts, selected, switching, onSwitch }: AccountSwitcherProps) {
  const id = useId();
  if (!selected) return null;
  const options = accounts.includes(selected) ? accounts : [selected, ...accounts];
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        Account number
      </label>
      <div className={styles.row}>
        <div className={styles.selectWrap} aria-busy={switching || undefined}>
          <select
            id={id}
            className={styles.select}
            value={selected}
            disabled={switching || options.length < 2}
            onChange={(event) => onSwitch(event.target.value)}
          >
            {options.map((account) => (
              <option key={account} value={account}>
                {account}
              </option>
            ))}
          </select>
          {switching ? (
            <span className={styles.loading} role="status">
              <Spinner size={14} />
              <span className="visually-hidden">Loading account</span>
            </span>
          ) : null}
        </div>
        <CopyButton text={selected} label={`Copy account number ${selected}`} />
      </div>
    </div>
  );
}
