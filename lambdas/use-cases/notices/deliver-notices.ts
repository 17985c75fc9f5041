import { randomUUID } from 'node:crypto';
import { describeError } from '../../../core/describe-error';
import { NOTICE_PARKED_METRIC } from '../../../core/outbox-metrics';
import type { OutgoingEmail } from '../../email/safe-email';
import type { Clock } from '../../kernel/clock';
import { OUTBOX_POLICY, retryDelayMs, type OutboxPolicy } from '../../kernel/outbox';
import type { EmailSender } from '../../ports/email-sender';
import type { Logger } from '../../ports/logger';
import {
  OutboxLeaseLost,
  type NoticeOutbox,
  type NoticeSenders,
  type OutboxOutcome,
  type OutboxRecord,
} from '../../ports/notice-outbox';
import { raiseNotifications, type RaiseNotificationsDeps } from '../notifications';
import { registerParcel, type ParcelTrackingNotice, type RegisterParcelDeps } from '../orders';
import { fanOutWebhook } from '../webhook-endpoints';
import type { WebhookStore } from '../../ports/webhook-store';

export interface DeliverNoticesDeps extends Pick<Clock, 'now'> {
  outbox: NoticeOutbox;
  senders: NoticeSenders;
  mailer: EmailSender;
  log: Logger;
  policy?: OutboxPolicy | undefined;
  newLeaseId?: () => string;
  /** The notification centre's stores: each notice raises its inbox items, and emails follow the users' choices. */
  centre?: Omit<RaiseNotificationsDeps, 'now'> | undefined;
  /** The tracking service and the orders store: a `parcel-tracking` message registers its parcel. */
  parcels?: RegisterParcelDeps | undefined;
  /** The webhooks table: a `webhook` message becomes one delivery per endpoint subscribed to its event. */
  webhooks?: WebhookStore | undefined;
}

export type TryResult = 'sent' | 'retry' | 'dead' | 'skipped';

export interface DeliveryReport {
  sent: number;
  retry: number;
  dead: number;
  skipped: number;
}

/** The key a recipient is remembered by: its addresses, lower-cased and sorted. */
export const recipientKey = (email: Pick<OutgoingEmail, 'to'>): string =>
  [...email.to]
    .map((a) => a.trim().toLowerCase())
    .sort()
    .join(',');

/**
 * One try of one message: claim it (no other consumer holds it), let its topic's sender deliver it through a
 * mailer that skips every recipient who already has it and records each send at once, then settle: sent when
 * nothing failed, due again after the backoff when something did, parked in the dead-letter store after the
 * policy's last try. A consumer killed at any point leaves the message pending; the next takes it when the
 * lease ends and sends only to whom it has not reached. The one gap is a kill between the email service
 * accepting a send and the record of it, which sends that one email twice rather than lose it.
 */
export async function deliverMessage(deps: DeliverNoticesDeps, messageId: string): Promise<TryResult> {
  const policy = deps.policy ?? OUTBOX_POLICY;
  const now = deps.now();
  const leaseId = (deps.newLeaseId ?? randomUUID)();
  const record = await deps.outbox.claim(messageId, {
    leaseId,
    now: now.toISOString(),
    until: new Date(now.getTime() + policy.leaseMs).toISOString(),
  });
  if (!record) return 'skipped';
  if (record.topic === 'parcel-tracking')
    return settle(deps, policy, record, leaseId, await parcelFaults(deps, record));
  if (record.topic === 'webhook') return settle(deps, policy, record, leaseId, await webhookFaults(deps, record));

  const sentTo = new Set(record.sentTo);
  const faults: unknown[] = [];
  let leaseLost = false;
  let notEmailed: ReadonlySet<string> = new Set();
  if (deps.centre) {
    try {
      const raised = await raiseNotifications({ ...deps.centre, now: deps.now }, record);
      notEmailed = raised.notEmailed;
      faults.push(...raised.failed);
    } catch (error) {
      // Whose choice says "no email" is unknown: nobody is emailed this try, and the next tries again.
      return settle(deps, policy, record, leaseId, [error]);
    }
  }
  const mailer: EmailSender = {
    async send(email) {
      const key = recipientKey(email);
      if (sentTo.has(key)) return;
      // A practice user who chose the portal, the digest or nothing for this event: skipped, not a failure.
      if (email.to.every((address) => notEmailed.has(address.trim().toLowerCase()))) return;
      try {
        await deps.mailer.send(email);
      } catch (error) {
        faults.push(error);
        throw error;
      }
      try {
        await deps.outbox.markSent(messageId, leaseId, key);
      } catch (error) {
        if (error instanceof OutboxLeaseLost) leaseLost = true;
        faults.push(error);
        throw error;
      }
      sentTo.add(key);
    },
  };

  try {
    await deps.senders(record, { mailer, fault: (error) => faults.push(error) });
  } catch (error) {
    faults.push(error);
  }
  if (leaseLost) return 'skipped';
  return settle(deps, policy, record, leaseId, faults);
}

/** A shipped parcel registered with the tracking service: nothing to email, one call that either stands or fails. */
async function parcelFaults(deps: DeliverNoticesDeps, record: OutboxRecord): Promise<unknown[]> {
  if (!deps.parcels) return [new Error('This consumer has no parcel tracking to register parcels with')];
  try {
    await registerParcel(record.notice as unknown as ParcelTrackingNotice, deps.parcels);
    return [];
  } catch (error) {
    return [error];
  }
}

/** A webhook event fanned out to its endpoints' delivery logs; the deliverWebhooks sweep posts them. */
async function webhookFaults(deps: DeliverNoticesDeps, record: OutboxRecord): Promise<unknown[]> {
  if (!deps.webhooks) return [new Error('This consumer has no webhooks table to fan events out to')];
  try {
    await fanOutWebhook({ webhooks: deps.webhooks, now: deps.now }, record);
    return [];
  } catch (error) {
    return [error];
  }
}

async function settle(
  deps: DeliverNoticesDeps,
  policy: OutboxPolicy,
  record: OutboxRecord,
  leaseId: string,
  faults: unknown[],
): Promise<TryResult> {
  const now = deps.now();
  const facts = { messageId: record.messageId, topic: record.topic };
  let outcome: OutboxOutcome;
  let result: TryResult;
  if (faults.length === 0) {
    const keepUntil = new Date(now.getTime() + policy.keepDays * 86_400_000).toISOString();
    outcome = { state: 'sent', at: now.toISOString(), keepUntil };
    result = 'sent';
  } else {
    const error = describeError(faults[0]).message.slice(0, 500);
    const attempts = record.attempts + 1;
    if (attempts >= policy.attempts) {
      outcome = { state: 'dead', at: now.toISOString(), error };
      result = 'dead';
      // The alarm's metric filter matches this line (infra/constructs/monitoring.ts).
      deps.log.error(NOTICE_PARKED_METRIC.logLine, { ...facts, attempts, error });
    } else {
      const dueAt = new Date(now.getTime() + retryDelayMs(attempts, policy)).toISOString();
      outcome = { state: 'pending', dueAt, error };
      result = 'retry';
      deps.log.warn('notice not delivered, will retry', { ...facts, attempts, dueAt, error });
    }
  }
  try {
    await deps.outbox.settle(record.messageId, leaseId, outcome);
  } catch (error) {
    if (error instanceof OutboxLeaseLost) return 'skipped';
    throw error;
  }
  return result;
}

/**
 * The sweep: every pending message that is due, a few at a time (the scheduled job in AWS, a one-second timer
 * locally). The stream consumer delivers a new message at once; this is what retries and what catches any the
 * stream did not.
 */
export async function deliverDueNotices(deps: DeliverNoticesDeps, limit = 50): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retry: 0, dead: 0, skipped: 0 };
  const due = await deps.outbox.due(deps.now().toISOString(), limit);
  await deliverEach(
    deps,
    due.map((m) => m.messageId),
    report,
  );
  return report;
}

/** Delivers the named messages (the stream's new ones), four at a time; each is claimed, so a repeat is harmless. */
export async function deliverEach(
  deps: DeliverNoticesDeps,
  messageIds: string[],
  report: DeliveryReport = { sent: 0, retry: 0, dead: 0, skipped: 0 },
): Promise<DeliveryReport> {
  const queue = [...messageIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      report[await deliverMessage(deps, id)]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return report;
}

/** Puts every dead message (or the named ones) back in the queue; answers how many went back. */
export async function redriveDeadNotices(
  deps: Pick<DeliverNoticesDeps, 'outbox' | 'now'>,
  messageIds?: string[],
): Promise<number> {
  const now = deps.now().toISOString();
  let ids = messageIds;
  if (!ids) {
    ids = [];
    let cursor: string | undefined;
    do {
      const page = await deps.outbox.listDead(100, cursor);
      ids.push(...page.items.map((m) => m.messageId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  let back = 0;
  for (const id of ids) if (await deps.outbox.redrive(id, now)) back++;
  return back;
}
