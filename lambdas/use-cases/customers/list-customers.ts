import type * as z from '../../../core/zod';
import { accountNumberSchema } from '../../../core/schemas/account-number';
import type {
  CustomerDetail,
  CustomerSummary,
  listCustomersInputSchema,
} from '../../../core/schemas/customers/customer-admin';
import { foldForSearch } from '../../search/customer-sort-key';
import type { CustomersRepository } from '../../ports/customers-repository';

const summaryOf = (c: CustomerDetail): CustomerSummary => ({
  accountNumber: c.accountNumber,
  company: c.company,
  phone: c.phone,
  status: c.status,
  pricingAllowed: c.pricingAllowed,
  ...(c.buyingGroupId ? { buyingGroupId: c.buyingGroupId } : {}),
});

/**
 * `listCustomers` (super admins): practices of one status sorted by name, paged; a search is a name
 * prefix (any case, accents ignored). A search that is also a well-formed account number puts that
 * practice first on the first page, whatever its status, so typing "BV-1001" finds it directly. Both
 * are single-key reads or one Query on the byStatus index: no Scan.
 */
export async function listCustomers(
  input: z.output<typeof listCustomersInputSchema>,
  customers: Pick<CustomersRepository, 'get' | 'list'>,
): Promise<{ items: CustomerSummary[]; nextCursor: string | null }> {
  const search = input.search?.trim() || undefined;
  const asAccount = search && !input.cursor ? accountNumberSchema.safeParse(search) : null;
  const byAccount = asAccount?.success ? await customers.get(asAccount.data) : null;
  const page = await customers.list({
    status: input.status,
    namePrefix: search ? foldForSearch(search) : undefined,
    limit: input.limit,
    cursor: input.cursor,
  });
  const rows = byAccount
    ? [byAccount, ...page.items.filter((c) => c.accountNumber !== byAccount.accountNumber)]
    : page.items;
  return { items: rows.map(summaryOf), nextCursor: page.nextCursor };
}
