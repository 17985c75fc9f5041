import type { Consult, ConsultStatus, TroubleshooterSettings } from '../../core/schemas/consult';

/**
 * The consults table (pk consultId; GSIs byAccount and byStatus, both sorted by createdAt) and the consult
 * reference sequence (counter `consultSequence` in the counters table). Every list is a Query, never a Scan.
 */

/** Why a write was refused. */
export type ConsultWriteRefusal =
  /** A consult with this id exists already (create) or is not at the expected version (update). */
  | 'consult'
  /** DynamoDB refused a transaction that overlapped another one in flight: retry. */
  | 'contention';

export class ConsultWriteRefused extends Error {
  constructor(readonly reason: ConsultWriteRefusal) {
    super(`consult write refused: ${reason}`);
    this.name = 'ConsultWriteRefused';
  }
}

/** The counters-table item whose value is the last consult reference number given. */
export const CONSULT_SEQUENCE_COUNTER = 'consultSequence';

/** "AVC-000042": the reference a requester quotes, from the sequence value. */
export function formatConsultReference(sequence: number): string {
  return `AVC-${String(sequence).padStart(6, '0')}`;
}

export interface ConsultPage {
  items: Consult[];
  nextCursor: string | null;
}

export interface ConsultStore {
  get(consultId: string): Promise<Consult | null>;
  /**
   * Stores a new consult with the next reference number ("AVC-000042"), in one transaction with the
   * sequence; retries a lost sequence race itself. Throws ConsultWriteRefused('consult') when the id exists
   * (the caller then reads it: a retried submit answers what the first one stored).
   */
  create(consult: Omit<Consult, 'reference'>): Promise<Consult>;
  /** Replaces the consult if it is still at `expectedVersion` (the new item carries version + 1). */
  update(consult: Consult, expectedVersion: number): Promise<void>;
  /** A practice's consults, newest first. */
  listByAccount(accountNumber: string, page: { limit: number; cursor?: string | undefined }): Promise<ConsultPage>;
  /**
   * How many of an account's consults wait for the lab (status `new`), only those `requesterId` sent when
   * given; counting stops at `atMost` (the caps need no more). Reads the account's index partition only.
   */
  countWaiting(accountNumber: string, options: { atMost: number; requesterId?: string | undefined }): Promise<number>;
  /** The lab's queue for one status, oldest first. */
  listByStatus(status: ConsultStatus, page: { limit: number; cursor?: string | undefined }): Promise<ConsultPage>;
}

/** The troubleshooter's settings (referenceData, list `consultant`, id `troubleshooter`). */
export interface ConsultantSettingsStore {
  /** The stored settings, or the defaults (version 0) when none were saved yet. */
  get(): Promise<TroubleshooterSettings>;
  /** Saves if the stored version is still `expectedVersion`; false when someone saved in between. */
  put(settings: TroubleshooterSettings, expectedVersion: number): Promise<boolean>;
}
