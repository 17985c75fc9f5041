import { checkStageList, FIXED_STAGE_IDS, tidyStageList } from '../../../../../core/rules/production-stages';
import { SHIPPING_METHODS, type ShippingMethod } from '../../../../../core/rules/shipping-methods';
import type {
  ProductionSettings,
  UpdateProductionSettingsInput,
} from '../../../../../core/schemas/production-settings';
import type { FormErrors } from '../../../lib/form-errors';

/** One stage of the editor: a stored stage keeps its id; a new one has none (the server derives it from its label). */
export interface StageRow {
  /** React key only; never sent. */
  rowId: string;
  id: string | null;
  label: string;
}

/**
 * The production settings form's values under the route schema's paths (`stages.2.label`,
 * `calendar.transitDays.express`), so its messages and the server's land on the field that holds the value.
 * Numbers are kept as typed until the form is checked.
 */
export interface ProductionSettingsValues {
  stages: StageRow[];
  calendar: {
    timeZone: string;
    /** "0" to "23", from a select. */
    cutoffHour: string;
    /** Days ('YYYY-MM-DD') kept in date order, so the schema's `calendar.holidays.N` names the row shown Nth. */
    holidays: string[];
    transitDays: Record<ShippingMethod, string>;
  };
}

let nextRowId = 0;
const rowId = () => `stage-${++nextRowId}`;

export const isFixedStage = (row: Pick<StageRow, 'id'>) =>
  row.id !== null && (FIXED_STAGE_IDS as readonly string[]).includes(row.id);

export const newStageRow = (label: string): StageRow => ({ rowId: rowId(), id: null, label });

export function productionSettingsValuesOf(settings: ProductionSettings): ProductionSettingsValues {
  const { calendar } = settings;
  return {
    stages: settings.stages.map((stage) => ({ rowId: rowId(), id: stage.id, label: stage.label })),
    calendar: {
      timeZone: calendar.timeZone,
      cutoffHour: String(calendar.cutoffHour),
      holidays: [...calendar.holidays].sort(),
      transitDays: {
        standard: String(calendar.transitDays.standard),
        express: String(calendar.transitDays.express),
        overnight: String(calendar.transitDays.overnight),
      },
    },
  };
}

/** A whole number as typed, or NaN (blank included), so the schema's own message is the one shown. */
const wholeNumberOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const stagesOf = (rows: readonly StageRow[]) =>
  rows.map((row) => (row.id === null ? { label: row.label } : { id: row.id, label: row.label }));

/** The route input for the typed values over the version read. */
export function productionSettingsInputOf(values: ProductionSettingsValues, version: number) {
  const { calendar } = values;
  return {
    version,
    stages: stagesOf(values.stages),
    calendar: {
      timeZone: calendar.timeZone,
      cutoffHour: wholeNumberOf(calendar.cutoffHour),
      holidays: calendar.holidays,
      transitDays: Object.fromEntries(
        SHIPPING_METHODS.map((method) => [method, wholeNumberOf(calendar.transitDays[method])]),
      ) as Record<ShippingMethod, number>,
    },
  } satisfies UpdateProductionSettingsInput;
}

/**
 * What the stage list's rules say about the list as the server will check it (tidied first, as the server
 * does), on `stages`. Left to the fields while a name is blank: each blank name has its own message there.
 */
export function stageListErrors(values: ProductionSettingsValues): FormErrors {
  if (values.stages.some((row) => row.label.trim() === '')) return {};
  const problems = checkStageList(tidyStageList(stagesOf(values.stages)));
  return problems.length > 0 ? { stages: problems.join(' ') } : {};
}

/** Where a work stage may move: never above the first fixed stage nor below the last ones. */
export function canMove(rows: readonly StageRow[], index: number, by: -1 | 1): boolean {
  const row = rows[index];
  const neighbour = rows[index + by];
  return row !== undefined && neighbour !== undefined && !isFixedStage(row) && !isFixedStage(neighbour);
}

/** The list with the row at `index` swapped with its neighbour `by` away. */
export function moved<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(index + by, 0, row!);
  return next;
}

/** The list with a new work stage at the end of the work stages (before shipped and delivered). */
export function withNewStage(rows: readonly StageRow[], label: string): StageRow[] {
  const firstOfTail = rows.findIndex((row, i) => i > 0 && isFixedStage(row));
  const at = firstOfTail === -1 ? rows.length : firstOfTail;
  return [...rows.slice(0, at), newStageRow(label), ...rows.slice(at)];
}

/** The holidays with `days` added, each once, in date order. */
export const withHolidays = (holidays: readonly string[], days: readonly string[]) =>
  [...new Set([...holidays, ...days])].sort();
