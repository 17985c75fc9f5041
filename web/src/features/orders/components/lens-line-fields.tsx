import { EYE_LABELS, ORDER_LIMITS } from '../../../../../core/schemas/orders';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { displayParameterValue } from '../../../../../core/rules/lens-parameters';
import { formatCents } from '../../../lib/money-text';
import { TextField } from '../../../components/ui/text-field';
import { parseParameter, type Eye, type LineValues, type OriginalLine } from '../model/order-form-values';
import { DesignSelect } from './design-select';
import { ParameterField } from './parameter-field';
import styles from './order-form.module.css';

/** What a warranty exchange's fixed design and quantity say (the API refuses any other). */
export const EXCHANGE_KEEPS =
  'A warranty exchange keeps the design and quantity of the lens it replaces. For another design or more lenses, place a new order.';

/** The fields of one eye's lens: design, its parameters, quantity and notes. */
export function LensLineFields({
  eye,
  line,
  designs,
  design,
  errors,
  showPrices,
  original,
  exchange = false,
  onChange,
}: {
  eye: Eye;
  line: LineValues;
  designs: readonly LensDesign[];
  design: LensDesign | undefined;
  /** Messages keyed by the form's paths ('lines.OD.parameters.sphere'). */
  errors: Record<string, string>;
  showPrices: boolean;
  /** The line of the order being remade (or a consult's current lens), to mark what differs from it. */
  original?: OriginalLine | undefined;
  /**
   * A warranty exchange of `original`: the server accepts only the same design and quantity, so both are shown
   * fixed with the reason; only the parameters change.
   */
  exchange?: boolean;
  onChange: (change: (line: LineValues) => LineValues) => void;
}) {
  const path = `lines.${eye}`;
  const sameDesign = original && original.lensId === line.lensId;
  const changedFrom = (key: string): string | undefined => {
    if (!original || !sameDesign || !design) return undefined;
    const def = design.parameters.find((p) => p.key === key);
    if (!def) return undefined;
    const before = original.parameters[key];
    const now = parseParameter(def, line.parameters[key]);
    if (before === now || (before === undefined && now === undefined)) return undefined;
    return displayParameterValue(def, before);
  };
  const quantity = Number(line.quantity);
  return (
    <div className={styles.line}>
      <DesignSelect
        label={`Lens design, ${eye}`}
        designs={designs}
        value={line.lensId}
        error={errors[`${path}.lensId`]}
        showPrices={showPrices}
        changedFrom={original && line.lensId && !sameDesign ? original.design.name : undefined}
        hint={exchange ? EXCHANGE_KEEPS : undefined}
        disabled={exchange}
        onChange={(lensId) => onChange((l) => ({ ...l, lensId }))}
      />
      {design?.description ? <p className={styles.description}>{design.description}</p> : null}
      {design ? (
        <fieldset className={styles.params}>
          <legend className="visually-hidden">
            {EYE_LABELS[eye]} parameters of {design.name}
          </legend>
          {design.parameters.map((def) => (
            <ParameterField
              key={def.key}
              def={def}
              name={`${path}.parameters.${def.key}`}
              value={line.parameters[def.key] ?? ''}
              error={errors[`${path}.parameters.${def.key}`]}
              changedFrom={changedFrom(def.key)}
              onChange={(value) => onChange((l) => ({ ...l, parameters: { ...l.parameters, [def.key]: value } }))}
            />
          ))}
        </fieldset>
      ) : null}
      <div className={styles.lineFooter}>
        <TextField
          label={`Quantity, ${eye}`}
          type="number"
          inputMode="numeric"
          min={ORDER_LIMITS.quantity.min}
          max={ORDER_LIMITS.quantity.max}
          step={1}
          name={`${path}.quantity`}
          value={line.quantity}
          readOnly={exchange}
          error={errors[`${path}.quantity`]}
          onChange={(event) => onChange((l) => ({ ...l, quantity: event.target.value }))}
          className={styles.quantity}
        />
        <TextField
          label={`Line notes, ${eye} (optional)`}
          name={`${path}.notes`}
          maxLength={ORDER_LIMITS.lineNotes}
          value={line.notes}
          error={errors[`${path}.notes`]}
          onChange={(event) => onChange((l) => ({ ...l, notes: event.target.value }))}
        />
      </div>
      {!exchange && showPrices && design?.priceCents !== undefined && Number.isInteger(quantity) && quantity > 0 ? (
        <p className={styles.price}>
          {formatCents(design.priceCents)} × {quantity} = <strong>{formatCents(design.priceCents * quantity)}</strong>
        </p>
      ) : null}
    </div>
  );
}
