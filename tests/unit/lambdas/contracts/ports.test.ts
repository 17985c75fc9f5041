import { accountRequestsRepositoryContract } from '../../../support/contracts/account-requests-repository';
import { customersRepositoryContract } from '../../../support/contracts/customers-repository';
import { emailTemplatesContract } from '../../../support/contracts/email-templates';
import { lensCatalogueContract } from '../../../support/contracts/lens-catalogue';
import { moneyStoreContract } from '../../../support/contracts/money-store';
import { ordersRepositoryContract } from '../../../support/contracts/orders-repository';
import { usersRepositoryContract } from '../../../support/contracts/users-repository';
import { InMemoryEmailTemplates } from '../../../support/email-fakes';
import { InMemoryConsultStore } from '../../../support/in-memory-consults';
import { InMemoryMoneyStore } from '../../../support/in-memory-money';
import { InMemoryAccountRequests, InMemoryCustomers, InMemoryUsers } from '../../../support/in-memory-ports';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { InMemoryOrders } from '../../../support/order-fakes';

// The same contracts run against the DynamoDB adapters in tests/integration/port-contracts.test.ts, so the
// fakes the use-case tests rely on cannot drift from what the adapters do.
usersRepositoryContract('in-memory fake', () => new InMemoryUsers());
customersRepositoryContract('in-memory fake', () => new InMemoryCustomers());
moneyStoreContract('in-memory fake', () => new InMemoryMoneyStore());
ordersRepositoryContract('in-memory fake', () => {
  // Wired as the use-case tests wire them: a close's invoice lands in the money fake, "Order this" marks the
  // consult fake's row.
  const money = new InMemoryMoneyStore();
  const consults = new InMemoryConsultStore();
  return { orders: new InMemoryOrders(money.invoices, consults.rows), consults, money };
});
accountRequestsRepositoryContract('in-memory fake', () => new InMemoryAccountRequests());
lensCatalogueContract('in-memory fake', () => new InMemoryLensCatalogue());
emailTemplatesContract('in-memory fake', () => new InMemoryEmailTemplates());
