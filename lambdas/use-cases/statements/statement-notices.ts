import type { Statement } from '../../../core/schemas/statements';
import type { Clock } from '../../kernel/clock';
import type { OutboxMessage } from '../../kernel/outbox';
import { moneyNotice } from '../../ports/money-notifier';

/**
 * The "statement issued" email, stored with the statement. `to: []` is the audience invoice emails use (every
 * user linked to the account). When accounts name billing contacts, their addresses go in `to` here, and only
 * here: the notifier sends to whoever `to` lists.
 */
export function statementNotices(statement: Statement, deps: Pick<Clock, 'now'>): OutboxMessage[] {
  const { lines: _lines, ...summary } = statement;
  return [moneyNotice(deps, { kind: 'statement-issued', statement: summary, to: [] })];
}
