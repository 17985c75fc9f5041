import type { CustomerRecord } from '../../core/schemas/customer-info';

export interface CustomersRepository {
  get(accountNumber: string): Promise<CustomerRecord | null>;
}
