import type { Statement } from '../../core/schemas/statements';
import type { OutboxMessage } from '../kernel/outbox';
import type { Page } from './money-store';

/** The sort key of one version of an account's month: months and versions both sort as text. */
export const statementSortKey = (month: string, version: number) => `${month}#v${String(version).padStart(4, '0')}`;

/**
 * Issued monthly statements (docs/decisions/0103-monthly-statements.md). A statement is written once and never
 * changed: `issue` puts it only if that account, month and version is not stored yet, in one transaction with the
 * notices that announce it, so a job run twice (a Lambda retry, two runs at once) issues and emails once.
 */
export interface StatementStore {
  /** True when stored now; false when that version was already there (nothing written). */
  issue(statement: Statement, notices: readonly OutboxMessage[]): Promise<boolean>;
  get(accountNumber: string, month: string, version: number): Promise<Statement | null>;
  /** The newest version of the account's statement for `month`. */
  latest(accountNumber: string, month: string): Promise<Statement | null>;
  /** The newest version of the account's last statement for a month before `month` (its closing opens `month`). */
  previous(accountNumber: string, month: string): Promise<Statement | null>;
  /** One account's statements, newest month (and version) first. */
  listAccount(accountNumber: string, limit: number, cursor?: string): Promise<Page<Statement>>;
  /** Every account's statements for one month, by account number then version. */
  listMonth(month: string, limit: number, cursor?: string): Promise<Page<Statement>>;
}
