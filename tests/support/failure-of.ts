import { expect } from 'vitest';

/** The error a promise rejects with (AppErrors carry `status`, `message` and `details`); fails if it resolves. */
export async function failureOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as { status: string; message: string; details?: unknown },
  );
}

/** The error a promise rejects with, checked to be of `kind` (AppError, a client's own error); fails if it resolves. */
export async function failureOfKind<E>(
  promise: Promise<unknown>,
  kind: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(kind);
  return error as E;
}
