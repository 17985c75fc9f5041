import { isCallableError } from '../../../lib/callable-error';

/**
 * A payment call whose outcome is unknown: no answer came (offline, timeout) or the server or a proxy failed
 * (5xx). The payment may or may not exist, so the only safe next step is the same call with the same payment
 * id, which the server answers with the same payment. A 4xx is an answer: nothing to retry.
 */
export function isUnsure(error: unknown): boolean {
  if (!isCallableError(error)) return true;
  return error.httpStatus === 0 || error.httpStatus >= 500;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `call`, repeating it after each delay while its outcome is unsure; the last failure is thrown. */
export async function retryUnsure<T>(call: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isUnsure(error)) throw error;
      await sleep(delay);
    }
  }
}
