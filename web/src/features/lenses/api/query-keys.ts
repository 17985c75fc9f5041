/** The catalogue's keys live with its query, which several features share (lib/lens-catalogue.ts). */
export { lensKeys } from '../../../lib/lens-catalogue';
