/** What other features use of the lens catalogue: the designs list hook (the order form) and the query keys. */
export { lensDesignsQueryOptions, useLensDesigns, type LensDesignsQuery } from '../../lib/lens-catalogue';
export { lensKeys } from './api/query-keys';
export { LensDesignDialog } from './components/lens-design-dialog';
export { LensDesignList } from './components/lens-design-list';
