import { randomInt } from 'node:crypto';
import type { VersionedSettingsStore } from './versioned-settings';
import { refusalsOf, type WriteRefused } from '../kernel/write-refused';
import type { OutboxMessage } from '../kernel/outbox';
import {
  CONSULT_REFERENCE_ALPHABET,
  CONSULT_REFERENCE_LENGTH,
  consultReferenceOf,
} from '../../core/rules/consult-reference';
import type { Consult, ConsultStatus, TroubleshooterSettings } from '../../core/schemas/consults';

/**
 * The consults table (pk consultId; GSIs byAccount and byStatus, both sorted by createdAt) and one marker per
 * consult reference in the counters table, which keeps references unique. Every list is a Query, never a Scan.
 */

/** Why a write was refused. */
export type ConsultWriteRefusal =
  /** A consult with this id exists already (create) or is not at the expected version (update). */
  | 'consult'
  /** DynamoDB refused a transaction that overlapped another one in flight: retry. */
  | 'contention';

export type ConsultWriteRefused = WriteRefused<ConsultWriteRefusal>;
export const consultRefusals = refusalsOf<ConsultWriteRefusal>('consult');

/** The counters-table item that holds a reference taken (`counter` = this, `consultId` = whose). */
export const consultReferenceMarker = (reference: string) => `consultReference#${reference}`;

/** A new random reference ("AVC-K7M3-9QX2", core/rules/consult-reference.ts); `pick` is fixed in tests. */
export function newConsultReference(pick: (size: number) => number = (size) => randomInt(0, size)): string {
  return consultReferenceOf(
    Array.from({ length: CONSULT_REFERENCE_LENGTH }, () => pick(CONSULT_REFERENCE_ALPHABET.length)),
  );
}

export interface ConsultPage {
  items: Consult[];
  nextCursor: string | null;
}

export interface ConsultStore {
  get(consultId: string): Promise<Consult | null>;
  /**
   * Stores a new consult with a new random reference ("AVC-K7M3-9QX2"), in one transaction with the
   * reference's marker; draws again itself when the reference is taken. Refuses ('consult', ConsultWriteRefused)
   * when the id exists (the caller then reads it: a retried submit answers what the first one stored).
   * `notices` are stored in the same transaction; they are made from the consult as stored, since its
   * reference is drawn here.
   */
  create(
    consult: Omit<Consult, 'reference'>,
    notices?: (stored: Consult) => readonly OutboxMessage[],
  ): Promise<Consult>;
  /**
   * Replaces the consult if it is still at `expectedVersion` (the new item carries version + 1), with its
   * `notices` in the same transaction.
   */
  update(consult: Consult, expectedVersion: number, notices?: readonly OutboxMessage[]): Promise<void>;
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
/** The stored settings, or the defaults (version 0) when none were saved yet; saved over the version read. */
export type ConsultantSettingsStore = VersionedSettingsStore<TroubleshooterSettings>;
