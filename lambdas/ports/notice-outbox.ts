import type { OutboxMessage } from '../kernel/outbox';
import type { EmailSender } from './email-sender';

/** A message as the outbox keeps it while it is delivered. */
export interface OutboxRecord extends OutboxMessage {
  /** 'sent' once every recipient has it; 'dead' when parked in the dead-letter store. */
  state: 'pending' | 'sent' | 'dead';
  /** When the next try is due (ISO). */
  dueAt: string;
  /** Tries that failed so far. */
  attempts: number;
  /** The recipients (lower-cased addresses, comma-joined per email) that already have it: never sent again. */
  sentTo: string[];
  leaseId?: string | undefined;
  leaseUntil?: string | undefined;
  lastError?: string | undefined;
  sentAt?: string | undefined;
}

export interface OutboxPage {
  items: OutboxRecord[];
  nextCursor: string | null;
}

/** How one try ended. */
export type OutboxOutcome =
  | { state: 'sent'; at: string; keepUntil: string }
  | { state: 'pending'; dueAt: string; error: string }
  | { state: 'dead'; at: string; error: string };

/**
 * The consumer's side of the outbox (the writers' side is each store's transaction: dynamo-outbox-items.ts).
 * Every change of a record is conditional on the lease, so two consumers never deliver one message at once.
 */
export interface NoticeOutbox {
  /** Stores messages that have no other change to ride with (all or none). */
  add(messages: OutboxMessage[]): Promise<void>;
  get(messageId: string): Promise<OutboxRecord | null>;
  /** Pending messages due at `now`, oldest due first. */
  due(now: string, limit: number): Promise<OutboxRecord[]>;
  /**
   * Takes a pending message for one try: only if no other consumer holds an unexpired lease. Null when it is not
   * pending any more or is held.
   */
  claim(messageId: string, lease: { leaseId: string; now: string; until: string }): Promise<OutboxRecord | null>;
  /** Records that `recipient` has the message; throws `OutboxLeaseLost` if the lease is no longer ours. */
  markSent(messageId: string, leaseId: string, recipient: string): Promise<void>;
  /** Ends a try and frees the lease; throws `OutboxLeaseLost` if the lease is no longer ours. */
  settle(messageId: string, leaseId: string, outcome: OutboxOutcome): Promise<void>;
  /** The dead-letter store, oldest first. */
  listDead(limit: number, cursor?: string | undefined): Promise<OutboxPage>;
  /** Puts a dead message back in the queue, due at `now` with its tries counted afresh; false if it was not dead. */
  redrive(messageId: string, now: string): Promise<boolean>;
}

/** The lease ran out and another consumer took the message: this try stops without settling. */
export class OutboxLeaseLost extends Error {
  constructor(readonly messageId: string) {
    super(`The outbox lease on ${messageId} was lost`);
    this.name = 'OutboxLeaseLost';
  }
}

/**
 * What a sender gets for one try. `mailer` sends each recipient the message once (a recipient who already has
 * it is skipped, each send is recorded); `fault` records a failure the sender recovered from softly (the lab's
 * recipients could not be read, the saved template could not be read) so the message is tried again.
 */
export interface DeliveryChannel {
  mailer: EmailSender;
  fault(error: unknown): void;
}

/** Delivers one message of any topic (the adapters' notifiers, by topic). Throws when it could not. */
export type NoticeSenders = (message: OutboxMessage, channel: DeliveryChannel) => Promise<void>;
