/**
 * In-memory fakes of the consult ports, with the adapters' rules: a create draws a random reference (again
 * when it is taken) and refuses an id that exists, an update is conditional on the version, lists are newest first per account
 * and oldest first per status (public leads without an account are in the status lists only). A write stores
 * its notices in `outbox` in the same step, so a refused write stores none.
 */
import {
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  type Consult,
  type ConsultStatus,
  type TroubleshooterSettings,
} from '../../core/schemas/consults';
import type { OutboxMessage } from '../../lambdas/kernel/outbox';
import {
  consultRefusals,
  type ConsultWriteRefused,
  newConsultReference,
  type ConsultantSettingsStore,
  type ConsultStore,
} from '../../lambdas/ports/consult-store';
import { InMemoryOutbox } from './in-memory-outbox';
import { offsetPage } from './offset-page';

const clone = <T>(value: T): T => structuredClone(value);

export class InMemoryConsultStore implements ConsultStore {
  /** Shared with InMemoryOrders, whose submit marks a consult ordered in the same "transaction". */
  readonly rows = new Map<string, Consult>();
  /** How many consults were created. */
  created = 0;
  /** Refusals answered before the next creates or updates reach the store. */
  readonly pendingRefusals: ConsultWriteRefused[] = [];

  /**
   * `newReference` is fixed by tests that need to know the reference, or to make two draws collide; `outbox`
   * is where the notices of the writes go.
   */
  constructor(
    private readonly newReference: () => string = () => newConsultReference(),
    readonly outbox = new InMemoryOutbox(),
  ) {}

  async get(consultId: string) {
    const row = this.rows.get(consultId);
    return row ? clone(row) : null;
  }

  async create(fields: Omit<Consult, 'reference'>, notices?: (stored: Consult) => readonly OutboxMessage[]) {
    const refusal = this.pendingRefusals.shift();
    if (refusal) throw refusal;
    if (this.rows.has(fields.consultId)) throw consultRefusals.refuse('consult');
    const taken = new Set([...this.rows.values()].map((row) => row.reference));
    let reference = this.newReference();
    for (let draws = 1; taken.has(reference); draws++) {
      if (draws >= 12) throw consultRefusals.refuse('contention');
      reference = this.newReference();
    }
    const consult: Consult = { ...clone(fields), reference };
    this.outbox.store(notices?.(clone(consult)));
    this.created += 1;
    this.rows.set(consult.consultId, clone(consult));
    return clone(consult);
  }

  async update(consult: Consult, expectedVersion: number, notices?: readonly OutboxMessage[]) {
    const refusal = this.pendingRefusals.shift();
    if (refusal) throw refusal;
    if (this.rows.get(consult.consultId)?.version !== expectedVersion) throw consultRefusals.refuse('consult');
    this.outbox.store(notices);
    this.rows.set(consult.consultId, clone(consult));
  }

  async listByAccount(accountNumber: string, { limit, cursor }: { limit: number; cursor?: string | undefined }) {
    const rows = [...this.rows.values()]
      .filter((c) => c.accountNumber === accountNumber)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return offsetPage(`account#${accountNumber}`, rows, limit, cursor);
  }

  async countWaiting(accountNumber: string, { atMost, requesterId }: { atMost: number; requesterId?: string }) {
    const waiting = [...this.rows.values()].filter(
      (c) =>
        c.accountNumber === accountNumber &&
        c.status === 'new' &&
        (requesterId === undefined || c.requester.userId === requesterId),
    );
    return Math.min(waiting.length, atMost);
  }

  async listByStatus(status: ConsultStatus, { limit, cursor }: { limit: number; cursor?: string | undefined }) {
    const rows = [...this.rows.values()]
      .filter((c) => c.status === status)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return offsetPage(`status#${status}`, rows, limit, cursor);
  }
}

export class InMemoryConsultantSettings implements ConsultantSettingsStore {
  stored: TroubleshooterSettings | null = null;

  async get() {
    return clone(this.stored ?? DEFAULT_TROUBLESHOOTER_SETTINGS);
  }

  async put(settings: TroubleshooterSettings, expectedVersion: number) {
    if ((this.stored?.version ?? 0) !== expectedVersion) return false;
    this.stored = { ...clone(settings), version: expectedVersion + 1 };
    return true;
  }
}
