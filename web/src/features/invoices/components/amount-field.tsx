import { DOLLAR_INPUT } from '../../../lib/money-text';
import { FieldShell } from '../../../components/ui/field-shell';
import textStyles from '../../../components/ui/text-field.module.css';
import styles from './invoices.module.css';

/** The amount to pay on one invoice, in dollars; its message (over the balance, $0, not money) shows beside it. */
export function AmountField({
  invoiceNumber,
  value,
  error,
  disabled,
  onChange,
}: {
  invoiceNumber: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <FieldShell
      label={<span className="visually-hidden">Amount to pay on {invoiceNumber}</span>}
      error={error}
      className={styles.amountField}
    >
      {(control) => (
        <span className={styles.money}>
          <span aria-hidden="true">$</span>
          <input
            {...control}
            className={textStyles.input}
            {...DOLLAR_INPUT}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
        </span>
      )}
    </FieldShell>
  );
}
