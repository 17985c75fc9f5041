import type {
  listAllStatementsInputSchema,
  listStatementsInputSchema,
  Statement,
  StatementSummary,
} from '../../../core/schemas/statements';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { actorOf, assertAccountVisible } from '../../kernel/caller';
import type { Page } from '../../ports/money-store';
import type { StatementStore } from '../../ports/statement-store';
import type { UsersRepository } from '../../ports/users-repository';
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

/** `correctStatement` (billing staff): the month stated again as the next version, emailed. */
export async function correctStatementFor(
  caller: Identity,
  input: { accountNumber: string; month: string; reason: string },
  deps: StatementDeps & { users: Pick<UsersRepository, 'get'> },
): Promise<Statement> {
  return correctStatement(input, await actorOf(caller, deps), deps);
}
