import { REFERENCE_LISTS } from '../../core/data/tables';
import { creditSettingsSchema, DEFAULT_CREDIT_SETTINGS } from '../../core/schemas/credit';
import type { CreditSettingsStore } from '../ports/money-store';
import { dynamoVersionedSettings } from './dynamo-versioned-settings';

/** The referenceData item id of the lab's money settings (list `money`). */
export const CREDIT_SETTINGS_ID = 'creditApproval';

/** DynamoDB adapter of the CreditSettingsStore port; saves are conditional on the version read. */
export function dynamoCreditSettings(
  /** Another item of the list, for tests that must leave the live settings alone. */
  options: { id?: string } = {},
): CreditSettingsStore {
  return dynamoVersionedSettings({
    list: REFERENCE_LISTS.money,
    id: options.id ?? CREDIT_SETTINGS_ID,
    schema: creditSettingsSchema,
    defaults: DEFAULT_CREDIT_SETTINGS,
  });
}
