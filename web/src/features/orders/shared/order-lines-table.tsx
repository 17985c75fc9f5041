import { EYE_LABELS, type OrderLine } from '../../../../../core/schemas/orders';
import { LENS_TYPE_LABELS } from '../../../../../core/schemas/lenses';
import { displayParameterValue } from '../../../../../core/rules/lens-parameters';
import { formatCents } from '../../../lib/money-text';
import styles from './order-lines-table.module.css';

/**
 * Every parameter of each eye's lens, read from the design snapshot the line carries (orders keep the
 * design as it was when ordered, so a later catalogue edit does not change what an old order shows).
 * Prices show only when the server sent them (it leaves them out for accounts without pricingAllowed).
 */
export function OrderLinesTable({ lines }: { lines: readonly OrderLine[] }) {
  if (lines.length === 0) return <p className={styles.empty}>No lenses on this order.</p>;
  return (
    <div className={styles.lines}>
      {lines.map((line) => {
        const known = new Set(line.design.parameters.map((p) => p.key));
        const extra = Object.keys(line.parameters).filter((k) => !known.has(k));
        const headingId = `order-line-${line.eye}`;
        return (
          <section key={line.eye} className={styles.line} aria-labelledby={headingId}>
            <h3 id={headingId} className={styles.heading}>
              {EYE_LABELS[line.eye]}: {line.design.name}{' '}
              <span className={styles.type}>({LENS_TYPE_LABELS[line.design.type]})</span>
            </h3>
            <dl className={styles.params}>
              {line.design.parameters.map((def) => (
                <div key={def.key} className={styles.param}>
                  <dt>{def.label}</dt>
                  <dd>{displayParameterValue(def, line.parameters[def.key])}</dd>
                </div>
              ))}
              {extra.map((key) => (
                <div key={key} className={styles.param}>
                  <dt>{key}</dt>
                  <dd>{String(line.parameters[key])}</dd>
                </div>
              ))}
              <div className={styles.param}>
                <dt>Quantity</dt>
                <dd>{line.quantity}</dd>
              </div>
              {line.design.priceCents !== undefined && (
                <div className={styles.param}>
                  <dt>Price</dt>
                  <dd>
                    {formatCents(line.design.priceCents)} × {line.quantity} ={' '}
                    {formatCents(line.design.priceCents * line.quantity)}
                  </dd>
                </div>
              )}
            </dl>
            {line.notes && (
              <p className={styles.notes}>
                <strong>Notes:</strong> {line.notes}
              </p>
            )}
          </section>
        );
      })}
    </div>
  );
}
