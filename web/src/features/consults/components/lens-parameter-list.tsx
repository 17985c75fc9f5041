import type { ParameterDefinition } from '../../../../../core/schemas/lenses';
import { displayParameterValue } from '../../../../../core/rules/lens-parameters';
import styles from './lens-parameter-list.module.css';

/**
 * A lens's parameter values as the order screens show them: in the design's order, each with its label and
 * unit (options by their label). Values of keys the design does not define (a design changed since) are
 * still listed, by key, so nothing the lab proposed is hidden.
 */
export function LensParameterList({
  parameters,
  definitions,
}: {
  parameters: Readonly<Record<string, number | string>>;
  /** The design's definitions; without them every value is listed by its key, as stored. */
  definitions: readonly ParameterDefinition[] | undefined;
}) {
  const defs = (definitions ?? []).filter((def) => parameters[def.key] !== undefined);
  const known = new Set((definitions ?? []).map((def) => def.key));
  const extra = Object.keys(parameters).filter((key) => !known.has(key));
  if (defs.length === 0 && extra.length === 0) return <p className={styles.none}>No parameters given.</p>;
  return (
    <dl className={styles.list}>
      {defs.map((def) => (
        <div key={def.key} className={styles.item}>
          <dt>{def.label}</dt>
          <dd>{displayParameterValue(def, parameters[def.key])}</dd>
        </div>
      ))}
      {extra.map((key) => (
        <div key={key} className={styles.item}>
          <dt>{key}</dt>
          <dd>{String(parameters[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
