import type { Statement } from '../../../core/schemas/statements';
import type { Clock } from '../../kernel/clock';
import type { OutboxMessage } from '../../kernel/outbox';
import { moneyNotice } from '../../ports/money-notifier';

/**
 * The "statement issued" email, stored with the statement. `to: []` is the audience invoice emails use (every
 * user linked to the account); the notifier adds the practice's billing contacts when it sends
 * (docs/decisions/0109-billing-contacts.md), so a list the practice changed after the job ran is the one used.
 */
export function statementNotices(statement: Statement, deps: Pick<Clock, 'now'>): OutboxMessage[] {
  const { lines: _lines, ...summary } = statement;
  return [moneyNotice(deps, { kind: 'statement-issued', statement: summary, to: [] })];
}
