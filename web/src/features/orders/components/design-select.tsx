import { LENS_TYPE_LABELS, LENS_TYPES, type LensDesign } from '../../../../../core/schemas/lenses';
import { formatCents } from '../../../lib/money-text';
import { FieldShell } from '../../../components/ui/field-shell';
import fieldStyles from '../../../components/ui/text-field.module.css';

/** The lens design of one eye, the catalogue grouped by lens type; prices only when the account may see them. */
export function DesignSelect({
  label,
  designs,
  value,
  error,
  showPrices,
  changedFrom,
  hint,
  disabled = false,
  onChange,
}: {
  label: string;
  designs: readonly LensDesign[];
  value: string;
  error: string | undefined;
  showPrices: boolean;
  changedFrom?: string | undefined;
  /** Said under the field instead of "Changed from" (a warranty exchange says why the design is fixed). */
  hint?: string | undefined;
  disabled?: boolean;
  onChange: (lensId: string) => void;
}) {
  const optionLabel = (d: LensDesign) =>
    showPrices && d.priceCents !== undefined ? `${d.name} (${formatCents(d.priceCents)})` : d.name;
  return (
    <FieldShell label={label} hint={hint ?? (changedFrom ? <>Changed from {changedFrom}</> : undefined)} error={error}>
      {(control) => (
        <select
          {...control}
          className={fieldStyles.input}
          value={value}
          required
          disabled={disabled}
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
      )}
    </FieldShell>
  );
}
