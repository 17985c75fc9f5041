import { REFERENCE_LISTS } from '../../core/data/tables';
import { DEFAULT_TROUBLESHOOTER_SETTINGS, troubleshooterSettingsSchema } from '../../core/schemas/consults';
import type { ConsultantSettingsStore } from '../ports/consult-store';
import { dynamoVersionedSettings } from './dynamo-versioned-settings';

/** The referenceData item id the troubleshooter's settings live in (list `consultant`). */
export const CONSULTANT_SETTINGS_ID = 'troubleshooter';

/**
 * DynamoDB adapter of the ConsultantSettingsStore port. A setting added to the schema after the item was saved
 * reads as its default, so a new threshold never makes stored settings unreadable.
 */
export function dynamoConsultantSettings(
  /** Another item of the list, for tests that must leave the live settings alone. */
  options: { id?: string } = {},
): ConsultantSettingsStore {
  return dynamoVersionedSettings({
    list: REFERENCE_LISTS.consultant,
    id: options.id ?? CONSULTANT_SETTINGS_ID,
    schema: troubleshooterSettingsSchema,
    defaults: DEFAULT_TROUBLESHOOTER_SETTINGS,
  });
}
