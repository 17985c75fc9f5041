import { refusalsOf, type WriteRefused } from '../kernel/write-refused';

/**
 * Why a conditional write was refused, in terms the use cases act on: the record is gone (`missing`),
 * someone changed it since it was read (`changed`: optimistic locking), it exists already (`exists`), or
 * a practice named in a link does not exist (`account-missing`). The record stores (users, practices,
 * lenses, requests, templates) share these reasons.
 */
export type WriteConflictKind = 'missing' | 'changed' | 'exists' | 'account-missing';

export type WriteConflict = WriteRefused<WriteConflictKind>;

const conflicts = refusalsOf<WriteConflictKind>('');

export const writeConflict = (kind: WriteConflictKind): WriteConflict => conflicts.refuse(kind);

export const isWriteConflict = (error: unknown, kind?: WriteConflictKind): error is WriteConflict =>
  kind === undefined ? conflicts.is(error) : conflicts.is(error, kind);
