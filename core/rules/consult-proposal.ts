import { LANDING_TYPE_LABELS, type LandingType, type Suggestion } from '../schemas/consults';
import type { LensDesign, NumberParameter } from '../schemas/lenses';
import { withUnit, type ParameterValues } from './lens-parameters';
import { snapToGrid } from './step-rounding';

/**
 * The lab's reply starts from the troubleshooter's suggestions ("Start from the suggestions"): the current lens's
 * values with every suggested change applied, in the design's steps and ranges.
 */
export interface AppliedSuggestions {
  parameters: ParameterValues;
  /** Rules whose change moved a value (a change the design's range cut short is also in `skipped`). */
  applied: string[];
  /** Rules not applied, or applied only in part, and why. */
  skipped: { ruleId: string; reason: string }[];
}

/**
 * Quadrant adjustments and the landing toricity are offsets from the design's own landing: a lens without a
 * value has none (0). Every other value (sag, diameter, power, limbal clearance) cannot be guessed.
 */
const OFFSET_KEYS = new Set(['landingZoneToricity', 'landing12', 'landing3', 'landing6', 'landing9']);

export function applySuggestions(
  current: ParameterValues,
  suggestions: readonly Suggestion[],
  design?: LensDesign,
): AppliedSuggestions {
  const parameters: ParameterValues = { ...current };
  const applied = new Set<string>();
  const skipped: AppliedSuggestions['skipped'] = [];
  const skip = (ruleId: string, reason: string) => skipped.push({ ruleId, reason });
  const definition = (key: string) => design?.parameters.find((p) => p.key === key);
  const labelOf = (key: string) => definition(key)?.label ?? key;
  const sums = new Map<string, { base: number; delta: number; ruleIds: string[] }>();
  let landingSwitch: { to: LandingType; ruleId: string } | null = null;

  for (const suggestion of suggestions) {
    if (suggestion.kind !== 'change') continue;
    const { ruleId, change } = suggestion;
    if (!change) {
      skip(ruleId, `No single parameter holds this change: ${lowerFirst(suggestion.action)} by hand.`);
      continue;
    }
    const def = definition(change.key);

    if (change.key === 'landingZone') {
      const to = change.to;
      if (!to) {
        skip(ruleId, 'The suggestion names no landing type.');
      } else if (def && (def.kind !== 'option' || !def.options.some((o) => o.value === to))) {
        skip(ruleId, `${design?.name ?? 'This design'} has no ${LANDING_TYPE_LABELS[to].toLowerCase()} landing.`);
      } else if (landingSwitch && landingSwitch.to !== to) {
        skip(ruleId, `It conflicts with the change to a ${landingSwitch.to} landing (${landingSwitch.ruleId}).`);
      } else if (!landingSwitch && current.landingZone === to) {
        skip(ruleId, `The landing zone is already ${to}.`);
      } else {
        landingSwitch ??= { to, ruleId };
        parameters.landingZone = to;
        applied.add(ruleId);
      }
      continue;
    }

    if (def && def.kind !== 'number') {
      skip(ruleId, `${def.label} is a choice from a list in this design, not a number.`);
      continue;
    }
    if (def && change.unit !== '' && def.unit !== change.unit) {
      skip(ruleId, `${def.label} is in ${def.unit || 'plain numbers'} in this design, the change in ${change.unit}.`);
      continue;
    }
    const value = current[change.key];
    const base = typeof value === 'number' ? value : def && OFFSET_KEYS.has(change.key) ? 0 : undefined;
    if (base === undefined) {
      skip(
        ruleId,
        def || value !== undefined
          ? `There is no current ${labelOf(change.key).toLowerCase()} to change.`
          : `${change.key} is not a parameter of this lens.`,
      );
      continue;
    }
    const sum = sums.get(change.key) ?? { base, delta: 0, ruleIds: [] };
    sum.delta += change.delta;
    sum.ruleIds.push(ruleId);
    sums.set(change.key, sum);
  }

  for (const [key, sum] of sums) {
    const def = definition(key);
    const wanted = Number((sum.base + sum.delta).toFixed(9));
    const { value, clamped } = def?.kind === 'number' ? snapToGrid(wanted, def) : { value: wanted, clamped: false };
    if (value === sum.base) {
      const reason = clamped
        ? `${def!.label} is already at the design's ${wanted > sum.base ? 'highest' : 'lowest'}, ${shown(def as NumberParameter, value)}.`
        : sum.ruleIds.length > 1
          ? `The changes to ${labelOf(key).toLowerCase()} cancel out.`
          : `The change is smaller than the design's step for ${labelOf(key).toLowerCase()}.`;
      for (const ruleId of sum.ruleIds) skip(ruleId, reason);
      continue;
    }
    parameters[key] = value;
    for (const ruleId of sum.ruleIds) {
      applied.add(ruleId);
      if (clamped) {
        const limit = def as NumberParameter;
        skip(
          ruleId,
          `${limit.label} was limited to ${shown(limit, value)}, the design's ${value > sum.base ? 'highest' : 'lowest'}; ` +
            `the suggestions asked for ${shown(limit, wanted)}.`,
        );
      }
    }
  }

  return { parameters, applied: suggestions.map((s) => s.ruleId).filter((id) => applied.has(id)), skipped };
}

function shown(def: NumberParameter, value: number): string {
  return withUnit(String(value), def.unit);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
