import { useId } from 'react';
import { LENS_TYPE_LABELS, LENS_TYPES, type LensDesign } from '../../../../../core/schemas/lens';
import { formatCents } from '../../../components/orders';
import fieldStyles from '../../../components/ui/text-field.module.css';

/** The lens design of one eye, the catalogue grouped by lens type; prices only when the account may see them. */
export function DesignSelect({
  label,
  designs,
  value,
  error,
  showPrices,
  changedFrom,
  onChange,
}: {
  label: string;
  designs: readonly LensDesign[];
  value: string;
  error: string | undefined;
  showPrices: boolean;
  changedFrom?: string | undefined;
  onChange: (lensId: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [changedFrom ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const optionLabel = (d: LensDesign) =>
    showPrices && d.priceCents !== undefined ? `${d.name} (${formatCents(d.priceCents)})` : d.name;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={fieldStyles.input}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose a lens design…</option>
        {LENS_TYPES.map((type) => {
          const ofType = designs.filter((d) => d.type === type);
          if (ofType.length === 0) return null;
          return (
            <optgroup key={type} label={LENS_TYPE_LABELS[type]}>
              {ofType.map((d) => (
                <option key={d.lensId} value={d.lensId}>
                  {optionLabel(d)}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      {changedFrom ? (
        <div id={hintId} className={fieldStyles.hint}>
          Changed from {changedFrom}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className={fieldStyles.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
