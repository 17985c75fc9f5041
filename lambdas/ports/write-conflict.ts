/**
 * Why a conditional write was refused, in terms the use cases act on: the record is gone (`missing`),
 * someone changed it since it was read (`changed`: optimistic locking), it exists already (`exists`), or
 * a practice named in a link does not exist (`account-missing`).
 */
export type WriteConflictKind = 'missing' | 'changed' | 'exists' | 'account-missing';

export class WriteConflict extends Error {
  constructor(
    readonly kind: WriteConflictKind,
    message: string = `write refused: ${kind}`,
  ) {
    super(message);
    this.name = 'WriteConflict';
  }
}

export const isWriteConflict = (error: unknown, kind?: WriteConflictKind): error is WriteConflict =>
  error instanceof WriteConflict && (kind === undefined || error.kind === kind);
