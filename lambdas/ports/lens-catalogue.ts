import type { LensDesign } from '../../core/schemas/lens';

/** The fields Lens Management edits (everything but the id, the version and the timestamps). */
export type LensDesignFields = Omit<LensDesign, 'lensId' | 'version' | 'createdAt' | 'updatedAt'>;

/**
 * The lens catalogue (table `lenses`). Designs are listed with a Query on the `byCatalogue` index, never a
 * Scan, in name order.
 */
export interface LensCatalogue {
  get(lensId: string): Promise<LensDesign | null>;
  /** Every design in name order; inactive ones only when asked for. */
  list(query: { includeInactive: boolean }): Promise<LensDesign[]>;
  /** Stores a new design at version 0; WriteConflict 'exists' when the id is taken (conditional put). */
  create(lensId: string, fields: LensDesignFields): Promise<LensDesign>;
  /**
   * Replaces the editable fields when the stored version is `expectedVersion` and counts the version up.
   * WriteConflict 'missing' or 'changed' otherwise.
   */
  update(lensId: string, fields: LensDesignFields, expectedVersion: number): Promise<LensDesign>;
}

/** The catalogue's constant partition of the byCatalogue index. */
export const LENS_CATALOGUE_PARTITION = 'lenses';

/** The byCatalogue sort key: name order (case-folded), the id keeps equal names apart. */
export function lensNameKey(name: string, lensId: string): string {
  return `${name.trim().toLowerCase().replace(/\s+/g, ' ')}#${lensId}`;
}
