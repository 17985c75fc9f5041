import { REFERENCE_LISTS } from '../../core/data/tables';
import { DEFAULT_PRODUCTION_SETTINGS, productionSettingsSchema } from '../../core/schemas/production-settings';
import type { ProductionSettingsStore } from '../ports/production-settings';
import { dynamoVersionedSettings } from './dynamo-versioned-settings';

/** The referenceData item id of the lab's production settings (list `production`). */
export const PRODUCTION_SETTINGS_ID = 'settings';

/** DynamoDB adapter of the ProductionSettingsStore port; saves are conditional on the version read. */
export function dynamoProductionSettings(
  /** Another item of the list, for tests that must leave the live settings alone. */
  options: { id?: string } = {},
): ProductionSettingsStore {
  return dynamoVersionedSettings({
    list: REFERENCE_LISTS.production,
    id: options.id ?? PRODUCTION_SETTINGS_ID,
    schema: productionSettingsSchema,
    defaults: DEFAULT_PRODUCTION_SETTINGS,
  });
}
