import { notFound } from '../../../core/errors';
import { STATEMENT_NOT_FOUND } from '../../../core/schemas/statements';
import type { Identity } from '../../auth/verify-token';
import { renderStatementPdf } from '../../documents/statement-pdf';
import { assertAccountVisible } from '../../kernel/caller';
import type { Clock } from '../../kernel/clock';
import type { CustomersRepository } from '../../ports/customers-repository';
import { statementDocumentKey, type DocumentStore } from '../../ports/document-store';
import type { StatementStore } from '../../ports/statement-store';
import type { UsersRepository } from '../../ports/users-repository';
import { documentUrl, type DocumentUrl } from '../invoices';

/** `getStatementPdfUrl`: a version's PDF, rendered once from the stored statement, for the lab and the account. */
export async function getStatementPdfUrl(
  caller: Identity,
  input: { accountNumber: string; month: string; version: number },
  deps: {
    statements: Pick<StatementStore, 'get'>;
    users: Pick<UsersRepository, 'get'>;
    customers: Pick<CustomersRepository, 'get'>;
    documents: DocumentStore;
    now: Clock['now'];
  },
): Promise<DocumentUrl> {
  try {
    await assertAccountVisible(caller, input.accountNumber, deps);
  } catch {
    throw notFound(STATEMENT_NOT_FOUND);
  }
  const statement = await deps.statements.get(input.accountNumber, input.month, input.version);
  if (!statement) throw notFound(STATEMENT_NOT_FOUND);
  return documentUrl(
    statementDocumentKey(statement.accountNumber, statement.month, statement.version),
    `statement-${statement.accountNumber}-${statement.month}${statement.version > 1 ? `-v${statement.version}` : ''}.pdf`,
    async () => renderStatementPdf(statement, await deps.customers.get(statement.accountNumber)),
    deps,
  );
}
