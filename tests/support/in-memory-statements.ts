import type { Statement } from '../../core/schemas/statements';
import { statementSortKey, type StatementStore } from '../../lambdas/ports/statement-store';
import { InMemoryOutbox } from './in-memory-outbox';
import { offsetPage } from './offset-page';

/** In-memory StatementStore with the adapter's rules: a version is put once, with its notices or not at all. */
export class InMemoryStatementStore implements StatementStore {
  readonly items = new Map<string, Statement>();

  constructor(readonly outbox: InMemoryOutbox = new InMemoryOutbox()) {}

  private key = (accountNumber: string, sk: string) => `${accountNumber}|${sk}`;

  private sorted(filter: (s: Statement) => boolean, order: (a: Statement, b: Statement) => number): Statement[] {
    return [...this.items.values()].filter(filter).sort(order);
  }

  async issue(statement: Statement, notices: Parameters<StatementStore['issue']>[1]): Promise<boolean> {
    const key = this.key(statement.accountNumber, statementSortKey(statement.month, statement.version));
    if (this.items.has(key)) return false;
    this.outbox.store(notices);
    this.items.set(key, structuredClone(statement));
    return true;
  }

  async get(accountNumber: string, month: string, version: number) {
    const found = this.items.get(this.key(accountNumber, statementSortKey(month, version)));
    return found ? structuredClone(found) : null;
  }

  private newest(accountNumber: string, keep: (sk: string) => boolean): Statement | null {
    const [first] = this.sorted(
      (s) => s.accountNumber === accountNumber && keep(statementSortKey(s.month, s.version)),
      (a, b) => statementSortKey(b.month, b.version).localeCompare(statementSortKey(a.month, a.version)),
    );
    return first ? structuredClone(first) : null;
  }

  async latest(accountNumber: string, month: string) {
    return this.newest(accountNumber, (sk) => sk.startsWith(`${month}#`));
  }

  async previous(accountNumber: string, month: string) {
    return this.newest(accountNumber, (sk) => sk < `${month}#`);
  }

  async listAccount(accountNumber: string, limit: number, cursor?: string) {
    const sorted = this.sorted(
      (s) => s.accountNumber === accountNumber,
      (a, b) => statementSortKey(b.month, b.version).localeCompare(statementSortKey(a.month, a.version)),
    );
    return offsetPage(`account#${accountNumber}`, sorted, limit, cursor);
  }

  async listMonth(month: string, limit: number, cursor?: string) {
    const accountKey = (s: Statement) => `${s.accountNumber}#${statementSortKey(s.month, s.version).slice(8)}`;
    const sorted = this.sorted(
      (s) => s.month === month,
      (a, b) => accountKey(a).localeCompare(accountKey(b)),
    );
    return offsetPage(`month#${month}`, sorted, limit, cursor);
  }
}
