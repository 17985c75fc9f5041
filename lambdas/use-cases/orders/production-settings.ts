import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted, invalidArgument, type FieldErrors } from '../../../core/errors';
import { checkStageList, tidyStageList } from '../../../core/rules/production-stages';
import { checkShippingCalendar } from '../../../core/rules/ship-date';
import type { ProductionSettings, UpdateProductionSettingsInput } from '../../../core/schemas/production-settings';
import type { AuditTrail } from '../../ports/audit-log';
import type { ProductionSettingsStore } from '../../ports/production-settings';

/** `getProductionSettings` (every signed-in user): the order form shows the promise and the stage names from it. */
export function getProductionSettings(deps: { production: Pick<ProductionSettingsStore, 'get'> }) {
  return deps.production.get();
}

/**
 * `updateProductionSettings` (super admins): the stage list tidied as the editor's rules say (a new stage's id
 * from its label, the fixed stages in their places), then checked with the rules' own messages, and the calendar
 * checked and stored tidy; one conditional write on the version the editor read.
 */
export async function updateProductionSettings(
  input: UpdateProductionSettingsInput,
  deps: { production: ProductionSettingsStore; audit?: AuditTrail | undefined },
): Promise<ProductionSettings> {
  const stages = tidyStageList(input.stages);
  const errors: FieldErrors = {};
  const stageProblems = checkStageList(stages);
  if (stageProblems.length > 0) errors['stages'] = stageProblems;
  const calendar = checkShippingCalendar(input.calendar);
  if (!calendar.ok) {
    for (const { field, message } of calendar.problems) (errors[`calendar.${field}`] ??= []).push(message);
  }
  const first = Object.values(errors)[0]?.[0];
  if (first !== undefined || !calendar.ok) throw invalidArgument(first ?? 'The calendar cannot be saved', errors);

  const before = await deps.production.get();
  if (before.version !== input.version) throw aborted(CHANGED_MESSAGES.productionSettings);
  const next: ProductionSettings = { stages, calendar: calendar.calendar, version: input.version };
  if (!(await deps.production.put(next, input.version))) throw aborted(CHANGED_MESSAGES.productionSettings);
  await deps.audit?.recordChange({
    action: 'production-settings.update',
    target: { type: 'production-settings', id: 'settings' },
    before: { stages: before.stages, calendar: before.calendar },
    after: { stages: next.stages, calendar: next.calendar },
  });
  return { ...next, version: input.version + 1 };
}
