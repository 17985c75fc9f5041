import type { OutboxMessage } from '../../lambdas/kernel/outbox';
import { OutboxLeaseLost, type NoticeOutbox, type OutboxRecord } from '../../lambdas/ports/notice-outbox';
import { offsetPage } from './offset-page';

/**
 * The outbox in memory, as dynamo-notice-outbox.ts keeps it (the contract suite
 * tests/support/contracts/notice-outbox.ts runs against both). A fake store that writes a change with its
 * notices calls `store(messages)` in the same step as the change, so a refused change stores none.
 */
export class InMemoryOutbox implements NoticeOutbox {
  readonly records = new Map<string, OutboxRecord>();

  /** The writers' side: what the stores' transactions put. Throws (storing none) if an id is taken. */
  store(messages: readonly OutboxMessage[] | undefined): void {
    for (const m of messages ?? []) if (this.records.has(m.messageId)) throw new Error(`outbox: ${m.messageId} exists`);
    for (const m of messages ?? [])
      this.records.set(
        m.messageId,
        structuredClone({ ...m, state: 'pending', dueAt: m.createdAt, attempts: 0, sentTo: [] }),
      );
  }

  /** The notices stored so far (every state), oldest first: what a use-case test asserts on. */
  messages(topic?: OutboxMessage['topic']): OutboxMessage[] {
    return [...this.records.values()]
      .filter((r) => !topic || r.topic === topic)
      .map(({ messageId, topic: t, notice, createdAt }) => ({ messageId, topic: t, notice, createdAt }));
  }

  /** The `notice` bodies of one topic, oldest first. */
  notices<T = Record<string, unknown>>(topic: OutboxMessage['topic']): T[] {
    return this.messages(topic).map((m) => m.notice as T);
  }

  async add(messages: OutboxMessage[]): Promise<void> {
    this.store(messages);
  }

  async get(messageId: string): Promise<OutboxRecord | null> {
    const r = this.records.get(messageId);
    return r ? structuredClone(r) : null;
  }

  async due(now: string, limit: number): Promise<OutboxRecord[]> {
    return [...this.records.values()]
      .filter((r) => r.state === 'pending' && r.dueAt <= now)
      .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }

  async claim(messageId: string, lease: { leaseId: string; now: string; until: string }): Promise<OutboxRecord | null> {
    const r = this.records.get(messageId);
    if (!r || r.state !== 'pending' || (r.leaseUntil !== undefined && r.leaseUntil >= lease.now)) return null;
    r.leaseId = lease.leaseId;
    r.leaseUntil = lease.until;
    return structuredClone(r);
  }

  private leased(messageId: string, leaseId: string): OutboxRecord {
    const r = this.records.get(messageId);
    if (!r || r.leaseId !== leaseId) throw new OutboxLeaseLost(messageId);
    return r;
  }

  async markSent(messageId: string, leaseId: string, recipient: string): Promise<void> {
    this.leased(messageId, leaseId).sentTo.push(recipient);
  }

  async settle(messageId: string, leaseId: string, outcome: Parameters<NoticeOutbox['settle']>[2]): Promise<void> {
    const r = this.leased(messageId, leaseId);
    delete r.leaseId;
    delete r.leaseUntil;
    if (outcome.state === 'sent') {
      r.state = 'sent';
      r.sentAt = outcome.at;
      return;
    }
    r.attempts += 1;
    r.lastError = outcome.error;
    if (outcome.state === 'pending') r.dueAt = outcome.dueAt;
    else {
      r.state = 'dead';
      r.dueAt = outcome.at;
    }
  }

  async listDead(limit: number, cursor?: string): Promise<{ items: OutboxRecord[]; nextCursor: string | null }> {
    const dead = [...this.records.values()]
      .filter((r) => r.state === 'dead')
      .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
      .map((r) => structuredClone(r));
    return offsetPage('dead', dead, limit, cursor);
  }

  async redrive(messageId: string, now: string): Promise<boolean> {
    const r = this.records.get(messageId);
    if (!r || r.state !== 'dead') return false;
    r.state = 'pending';
    r.dueAt = now;
    r.attempts = 0;
    return true;
  }
}
