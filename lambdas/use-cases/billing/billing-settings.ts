import { aborted } from '../../../core/errors';
import type { BillingSettings, updateBillingSettingsInputSchema } from '../../../core/schemas/billing-settings';
import type * as z from '../../../core/zod';
import type { AuditTrail } from '../../ports/audit-log';
import type { VersionedSettingsStore } from '../../ports/versioned-settings';

export const BILLING_SETTINGS_CHANGED =
  'Another super admin changed the billing settings meanwhile. Reload and save again.';

export interface BillingSettingsDeps {
  billingSettings: VersionedSettingsStore<BillingSettings>;
  audit?: AuditTrail | undefined;
}

/** `getBillingSettings` (the lab): the stored settings, or the defaults. */
export function getBillingSettings(deps: Pick<BillingSettingsDeps, 'billingSettings'>): Promise<BillingSettings> {
  return deps.billingSettings.get();
}

/** `updateBillingSettings` (super admins): every setting, conditional on the version the page read. */
export async function updateBillingSettings(
  input: z.output<typeof updateBillingSettingsInputSchema>,
  deps: BillingSettingsDeps,
): Promise<BillingSettings> {
  const before = await deps.billingSettings.get();
  // Sorted, so the list reads in the order the reminders go out.
  const next: BillingSettings = { ...input, reminderDays: [...input.reminderDays].sort((a, b) => a - b) };
  if (before.version !== input.version || !(await deps.billingSettings.put(next, input.version)))
    throw aborted(BILLING_SETTINGS_CHANGED);
  const { version: _before, ...beforeValues } = before;
  const { version: _next, ...afterValues } = next;
  await deps.audit?.recordChange({
    action: 'billing-settings.update',
    target: { type: 'billing-settings', id: 'billing' },
    before: beforeValues,
    after: afterValues,
  });
  return { ...next, version: input.version + 1 };
}
