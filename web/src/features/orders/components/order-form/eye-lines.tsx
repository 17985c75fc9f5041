import type { LensDesign } from '../../../../../../core/schemas/lenses';
import { EYE_LABELS, EYES } from '../../../../../../core/schemas/orders';
import formStyles from '../../../../components/form-layout.module.css';
import { formatCents } from '../../../../lib/money-text';
import { Button } from '../../../../components/ui/button';
import { emptyLine, type Eye, type OrderFormOriginal } from '../../model/order-form-values';
import { LensLineFields } from '../lens-line-fields';
import type { OrderFormState } from './use-order-form';
import styles from '../order-form.module.css';

/** The lens line of each eye (OD, OS): on or off, its design and parameters, and copying OD to OS. */
export function EyeLines({
  form,
  designs,
  original,
  showPrices,
  totalCents,
}: {
  form: Pick<OrderFormState, 'values' | 'errors' | 'setLine' | 'change' | 'designById'>;
  designs: readonly LensDesign[];
  original: OrderFormOriginal | undefined;
  showPrices: boolean;
  totalCents: number;
}) {
  const { values, errors, setLine, change, designById } = form;
  const originalLine = (eye: Eye) => original?.lines.find((l) => l.eye === eye);
  const copyOdToOs = () =>
    change(
      (v) => ({ ...v, lines: { ...v.lines, OS: { ...v.lines.OD, parameters: { ...v.lines.OD.parameters } } } }),
      ['lines.OS'],
    );
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>Lenses</legend>
      {errors.lines ? (
        <p className={styles.error} role="alert">
          {errors.lines}
        </p>
      ) : null}
      {EYES.map((eye) => (
        <section key={eye} className={styles.eye} aria-label={EYE_LABELS[eye]}>
          <div className={styles.eyeHeader}>
            <label className={styles.toggle}>
              <input
                type="checkbox"
                checked={values.lines[eye].enabled}
                onChange={(e) =>
                  setLine(eye, (l) => ({ ...(l.lensId ? l : emptyLine(true)), enabled: e.target.checked }))
                }
              />{' '}
              Order a lens for {EYE_LABELS[eye]}
            </label>
            {eye === 'OS' ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={copyOdToOs}
                disabled={!values.lines.OD.enabled}
              >
                Copy OD to OS
              </Button>
            ) : null}
          </div>
          {values.lines[eye].enabled ? (
            <LensLineFields
              eye={eye}
              line={values.lines[eye]}
              designs={designs}
              design={designById.get(values.lines[eye].lensId)}
              errors={errors}
              showPrices={showPrices}
              original={originalLine(eye)}
              exchange={values.remake?.kind === 'warranty' && originalLine(eye) !== undefined}
              onChange={(edit) => setLine(eye, edit)}
            />
          ) : null}
        </section>
      ))}
      {showPrices && totalCents > 0 ? (
        <p className={styles.total}>
          Order total: <strong>{formatCents(totalCents)}</strong>
        </p>
      ) : null}
    </fieldset>
  );
}
