import { systemClock } from '../kernel/clock';

/**
 * The retry and timeout policy of the third-party APIs the portal calls with `fetch` (Stripe, EasyPost), in one
 * place: within API Gateway's 29 s, two tries of at most 8 s each, with Stripe's SDK's half-second pause between.
 */
export const HTTP_TIMEOUT_MS = 8_000;
const MAX_RETRIES = 1;
const RETRY_DELAY_MS = 500;

export interface RetryRules {
  /** Whether an answer is worth one more try (each API says which: a 5xx, a 409, a 429...). */
  retryable(response: Response): boolean;
  /** The error to throw when the last try's fetch itself failed (no answer, or none in time). */
  failed(error: unknown, retries: number): Error;
}

/**
 * One call, tried once more after the pause on a network error or a retryable answer; the body of an answer not
 * used is discarded. Answers the last response and how many retries came before it, for the caller to read.
 */
export async function fetchWithRetry(
  url: string,
  init: Omit<RequestInit, 'signal'>,
  rules: RetryRules,
): Promise<{ response: Response; retries: number }> {
  for (let retries = 0; ; retries++) {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    } catch (error) {
      if (retries < MAX_RETRIES) {
        await systemClock.sleep(RETRY_DELAY_MS);
        continue;
      }
      throw rules.failed(error, retries);
    }
    if (retries < MAX_RETRIES && rules.retryable(response)) {
      await response.body?.cancel();
      await systemClock.sleep(RETRY_DELAY_MS);
      continue;
    }
    return { response, retries };
  }
}
