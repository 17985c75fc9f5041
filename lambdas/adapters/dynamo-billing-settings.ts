import { REFERENCE_LISTS } from '../../core/data/tables';
import {
  billingSettingsSchema,
  DEFAULT_BILLING_SETTINGS,
  type BillingSettings,
} from '../../core/schemas/billing-settings';
import type { VersionedSettingsStore } from '../ports/versioned-settings';
import { dynamoVersionedSettings } from './dynamo-versioned-settings';

/** The referenceData item id of the lab's billing settings (list `money`, beside the credit approval threshold). */
export const BILLING_SETTINGS_ID = 'billing';

/** The lab's billing settings: reminder days, finance charge, automatic credit hold; saves on the version read. */
export function dynamoBillingSettings(
  /** Another item of the list, for tests that must leave the live settings alone. */
  options: { id?: string } = {},
): VersionedSettingsStore<BillingSettings> {
  return dynamoVersionedSettings({
    list: REFERENCE_LISTS.money,
    id: options.id ?? BILLING_SETTINGS_ID,
    schema: billingSettingsSchema,
    defaults: DEFAULT_BILLING_SETTINGS,
  });
}
