import type { ProductionSettings } from '../../core/schemas/production-settings';
import type { VersionedSettingsStore } from './versioned-settings';

/** The lab's production stages and shipping calendar: one item, saved only over the version it was read at. */
export type ProductionSettingsStore = VersionedSettingsStore<ProductionSettings>;
