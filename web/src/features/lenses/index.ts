/** What other code uses of Lens Management: the catalogue's keys (its query is shared code, lib/lens-catalogue.ts). */
export { lensKeys } from './api/query-keys';
