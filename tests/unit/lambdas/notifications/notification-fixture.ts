import { outboxMessage, type NoticeTopic, type OutboxMessage } from '../../../../lambdas/kernel/outbox';
import type { RaiseNotificationsDeps } from '../../../../lambdas/use-cases/notifications';
import { InMemoryNotificationAudiences, InMemoryNotificationStore } from '../../../support/in-memory-notifications';

/** Ann and Bob of practice BV-1001, Lara and Sam of the lab: who hears what in the notification centre's tests. */
export const ANN = { userId: 'u-ann', email: 'Ann@Brightview.test' };
export const BOB = { userId: 'u-bob', email: 'bob@brightview.test' };
export const LARA = { userId: 'u-lara', email: 'lara@lab.test' };
export const SAM = { userId: 'u-sam', email: 'sam@lab.test' };

export const NOW = new Date('2026-12-02T10:00:00.000Z');

export function centreSetup() {
  const notifications = new InMemoryNotificationStore();
  const audiences = new InMemoryNotificationAudiences();
  audiences.practices.set('BV-1001', [ANN, BOB]);
  audiences.staff = [LARA, SAM];
  const deps: RaiseNotificationsDeps = {
    notifications,
    audiences,
    now: () => NOW,
    sleep: async () => {},
  };
  /** A notice as the change stored it, by default at 09:59:58.123 that day. */
  const message = (
    topic: NoticeTopic,
    notice: object,
    messageId?: string,
    at = '2026-12-02T09:59:58.123Z',
  ): OutboxMessage => outboxMessage({ now: () => new Date(at) }, topic, { ...notice }, messageId);
  return { notifications, audiences, deps, message };
}
