import { notFound } from '../../../core/errors';
import {
  STATEMENT_NOT_FOUND,
  type listAllStatementsInputSchema,
  type listStatementsInputSchema,
  type Statement,
  type StatementSummary,
} from '../../../core/schemas/statements';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { renderStatementPdf } from '../../documents/statement-pdf';
import { actorOf, assertAccountVisible } from '../../kernel/caller';
import type { Clock } from '../../kernel/clock';
import type { CustomersRepository } from '../../ports/customers-repository';
import { statementDocumentKey, type DocumentStore } from '../../ports/document-store';
import type { Page } from '../../ports/money-store';
import type { StatementStore } from '../../ports/statement-store';
import type { UsersRepository } from '../../ports/users-repository';
import { documentUrl, type DocumentUrl } from '../invoices';
import { correctStatement } from './issue-statements';
import type { StatementDeps } from './statement-deps';

const summaryOf = ({ lines: _lines, correctedBy: _by, ...summary }: Statement): StatementSummary => summary;
const summaries = (page: Page<Statement>) => ({ items: page.items.map(summaryOf), nextCursor: page.nextCursor });

/** `listStatements`: one account's statements, newest month first, for the lab and the account's users. */
export async function listStatements(
  caller: Identity,
  input: z.output<typeof listStatementsInputSchema>,
  deps: { statements: Pick<StatementStore, 'listAccount'>; users: Pick<UsersRepository, 'get'> },
) {
  await assertAccountVisible(caller, input.accountNumber, deps);
  return summaries(await deps.statements.listAccount(input.accountNumber, input.limit, input.cursor));
}

/** `listAllStatements`: the lab's view of one month, every account. */
export async function listAllStatements(
  input: z.output<typeof listAllStatementsInputSchema>,
  deps: { statements: Pick<StatementStore, 'listMonth'> },
) {
  return summaries(await deps.statements.listMonth(input.month, input.limit, input.cursor));
}

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

/** `correctStatement` (billing staff): the month stated again as the next version, emailed. */
export async function correctStatementFor(
  caller: Identity,
  input: { accountNumber: string; month: string; reason: string },
  deps: StatementDeps & { users: Pick<UsersRepository, 'get'> },
): Promise<Statement> {
  return correctStatement(input, await actorOf(caller, deps), deps);
}
