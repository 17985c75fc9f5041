import { describeError } from '../../core/describe-error';

/**
 * The two notices sent at once rather than through the outbox (kernel/outbox.ts): a sign-up code and the
 * existing-account notice, which the person waits for on the page (a code must not rest in a table;
 * docs/decisions/0098-transactional-outbox.md). A failed send is logged (a warning, `failure` with `facts`) and
 * never undoes the change. Answers whether it went out.
 */
export async function sendBestEffort(
  log: { warn(msg: string, fields?: Record<string, unknown>): void },
  failure: string,
  facts: Record<string, unknown>,
  send: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    log.warn(failure, { ...facts, error: describeError(error) });
    return false;
  }
}
