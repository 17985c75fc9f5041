import type { LensDesign } from '../../core/schemas/lenses';
import { foldForSearch } from '../search/customer-sort-key';

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

/**
 * The byCatalogue sort key: the name folded as practice names are (accents dropped, so "Élan" sorts with the
 * E's, not after Z), the id keeps equal names apart. Stored designs keep the key they were written with until
 * written again: scripts/rekey-lens-catalogue.ts brings them to this one.
 */
export function lensNameKey(name: string, lensId: string): string {
  return `${foldForSearch(name)}#${lensId}`;
}
