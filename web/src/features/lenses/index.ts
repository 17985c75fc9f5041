/** Lens Management's list and dialog, and the catalogue's keys (its query is shared code, lib/lens-catalogue.ts). */
export { LensDesignList } from './components/lens-design-list';
export { LensDesignDialog } from './components/lens-design-dialog';
export { lensKeys } from './api/query-keys';
