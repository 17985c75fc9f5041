/** The error a promise rejects with (AppErrors carry `status`, `message` and `details`); fails if it resolves. */
export async function failureOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as { status: string; message: string; details?: unknown },
  );
}
