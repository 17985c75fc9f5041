export { creditKeys } from './api/query-keys';
