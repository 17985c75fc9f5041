import { describeError } from '../../core/describe-error';

/** What sends one domain's notices (an email port). */
export interface Notifier<N> {
  notify(notice: N): Promise<void>;
}

/**
 * The one way a use case sends a notice (an email today): after the change it reports is stored, and a
 * failure is logged and never undoes that change. The outbox will take its place (the notice stored with the
 * change, sent after), so every sender goes through here.
 */
export async function notify<N extends { kind: string }>(
  deps: { notifier: Notifier<N>; log: { error(msg: string, fields?: Record<string, unknown>): void } },
  /** What the log line names ('order', 'money', 'consult'), with `facts` that find the notice. */
  subject: string,
  notice: N,
  facts: Record<string, unknown> = {},
): Promise<void> {
  try {
    await deps.notifier.notify(notice);
  } catch (error) {
    deps.log.error(`${subject} email failed`, { kind: notice.kind, ...facts, error: describeError(error) });
  }
}

/**
 * A notice sent straight through a mailer or notices port (the account, sign-up and email use cases): the same
 * rule as `notify`, that a failed send is logged (a warning, `failure` with `facts`) and never undoes the change.
 * Answers whether it went out, which some answers report.
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
