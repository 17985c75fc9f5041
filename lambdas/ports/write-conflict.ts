import { AppError } from '../../core/errors';
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

/**
 * How a record made under a random id (a lens design, a buying group) is retried when the id is taken: a new
 * draw at once, three draws at most (retryAtOnce).
 */
export const idDraws = (what: string) => ({
  attempts: 3,
  retries: (error: unknown) => isWriteConflict(error, 'exists'),
  exhausted: () => new AppError('internal', `Could not find a free ${what} id`),
});
