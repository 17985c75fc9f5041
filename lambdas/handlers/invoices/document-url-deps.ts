import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { s3DocumentStore } from '../../adapters/s3-document-store';
import { systemClock } from '../../kernel/clock';
import type { DocumentUrlDeps } from '../../use-cases/invoices/document-urls';

/** What an invoice's and a receipt's download link read: the money, who asks, the practice, the stored PDFs. */
export function documentUrlDeps(): DocumentUrlDeps {
  return {
    ...systemClock,
    money: dynamoMoneyStore(),
    users: dynamoUsersRepository(),
    customers: dynamoCustomersRepository(),
    documents: s3DocumentStore(),
  };
}
