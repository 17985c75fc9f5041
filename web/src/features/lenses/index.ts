/** Lens Management's pages; the catalogue query other features read is shared code (lib/lens-catalogue.ts). */
export { lensKeys } from './api/query-keys';
export { LensDesignDialog } from './components/lens-design-dialog';
export { LensDesignList } from './components/lens-design-list';
