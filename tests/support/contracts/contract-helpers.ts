import { emailNotice } from '../../../lambdas/email/email-notice';
import { composeEmail, html } from '../../../lambdas/email/safe-email';
import type { OutboxMessage } from '../../../lambdas/kernel/outbox';

/**
 * What every port contract suite needs: a refusal's error, every page of a cursor-paged list, and a notice
 * for a store that writes notices with its changes.
 */

/** The error a promise rejects with, whatever its type; fails the test if it resolves. */
export async function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/** Every page of a list, following its cursors (a runaway cursor fails after 500 pages). */
export async function allPages<T>(
  list: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const page = await list(cursor);
    items.push(...page.items);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

/**
 * A notice with a fresh id, for a write that stores notices: a whole email, since the local stack's outbox
 * consumer delivers whatever a contract test stores.
 */
export function contractNotice(): OutboxMessage {
  const text = 'A notice stored by a port contract test.';
  return emailNotice(
    { now: () => new Date() },
    composeEmail({ to: 'contract@lab.test', subject: 'Contract notice', text, html: html`<p>${text}</p>` }),
  );
}
