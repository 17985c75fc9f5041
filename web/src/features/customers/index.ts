/** What other features use of practice management: one practice's record (approving an account request). */
export { getCustomerQueryOptions } from './api/get-customer';
