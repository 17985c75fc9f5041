import type { RouteResources } from './route-definition';

/**
 * Scheduled jobs: the one list the CDK stack (an EventBridge rule and a Lambda per job) and the local stack
 * (a timer per job) both read, as they both read the route table. A job is not a route: no API, no caller.
 */
export interface JobDefinition {
  /** Stable id (construct ids, logs). */
  name: string;
  /** Module below `lambdas/jobs/`, without extension; it exports `handler`. */
  handler: string;
  /**
   * An EventBridge schedule expression, in UTC: `cron(min hour day-of-month month day-of-week year)`, or
   * `rate(1 minute)` for a job that runs all day.
   */
  schedule: string;
  /** What the job's Lambda may touch, as a route names it: the CDK stack grants exactly this. */
  resources: RouteResources;
  description: string;
  /** How often the local stack runs it (ms); by default once a day, whatever the schedule says. */
  localEveryMs?: number;
}

export const JOBS = [
  {
    name: 'warrantyReminders',
    handler: 'warranty-reminders',
    // 07:00 UTC: before the practices' working day in the Americas, after it has started in Europe.
    schedule: 'cron(0 7 * * ? *)',
    description: 'Emails practices about lenses entering the last 14 days of their warranty window',
    resources: {
      tables: {
        // Closed orders (byStatus) and the claims that rule a lens out.
        orders: 'read',
        warrantyClaims: 'read',
        // The once-marks, a conditional put per lens announced (nothing reads them back), and in the same
        // transaction the email's outbox message (deliverNotices renders and sends it).
        tokens: 'write',
        outbox: 'write',
      },
    },
  },
  {
    name: 'abandonedDraftFiles',
    handler: 'abandoned-draft-files',
    // 03:00 UTC: the quietest hour across the practices' time zones.
    schedule: 'cron(0 3 * * ? *)',
    description: 'Removes the uploaded files of order drafts nobody has touched for 30 days',
    resources: {
      // Drafts by status (byStatus), then their files: list, and delete.
      tables: { orders: 'read' },
      attachments: 'readWrite',
    },
  },
  {
    name: 'deliverNotices',
    handler: 'deliver-notices',
    // The outbox's stream consumer delivers each notice at once; this sweep retries the ones that failed
    // (their backoff) and catches any the stream did not deliver.
    schedule: 'rate(1 minute)',
    localEveryMs: 1_000,
    description:
      'Delivers the outbox notices that are due: retries with backoff, the dead-letter store after the last try',
    resources: {
      tables: {
        outbox: 'readWrite',
        // What the notifiers read to render and address a notice.
        emailTemplates: 'read',
        customers: 'read',
        users: 'read',
        lenses: 'read',
        // The notification centre: each notice's inbox items and the choices that decide them.
        notifications: 'readWrite',
        // A shipped parcel's tracker id, kept on the order once the tracking service has registered it.
        orders: 'readWrite',
        // A webhook event becomes one delivery per subscribed endpoint (topic 'webhook').
        webhooks: 'readWrite',
      },
      email: true,
      // The lab's staff (the admin group) hear the lab's events.
      userPool: ['ListUsersInGroup'],
      // A shipped parcel's message registers it with the tracking service (topic 'parcel-tracking').
      parcelTracking: true,
    },
  },
  {
    name: 'deliverWebhooks',
    handler: 'deliver-webhooks',
    // The outbox fans each webhook event out to its endpoints' logs; this posts what is due: new deliveries
    // within a minute, retries on their backoff (docs/decisions/0105-outgoing-webhooks.md).
    schedule: 'rate(1 minute)',
    localEveryMs: 1_000,
    description:
      'Posts the signed webhook deliveries that are due: retries with backoff, failed after about three days',
    resources: { tables: { webhooks: 'readWrite' } },
  },
  {
    name: 'notificationDigest',
    handler: 'notification-digest',
    // Five minutes after the digest's cutoff (core/rules/notification-digest.ts, 13:00 UTC), so what was
    // raised just before it is in the index the job reads.
    schedule: 'cron(5 13 * * ? *)',
    description: 'Emails each practice user who chose a daily digest the day’s unread notifications, by event',
    resources: {
      tables: {
        // The day's digest items, the users' choices and the digest marks, written with the email's outbox message.
        notifications: 'readWrite',
        outbox: 'write',
        users: 'read',
        emailTemplates: 'read',
      },
    },
  },
  {
    name: 'monthlyStatements',
    handler: 'monthly-statements',
    // Every day at 11:00 UTC (6 or 7 am on the East Coast): the job itself acts only on the month's first business
    // day of the lab's calendar (its holidays are data, which a cron cannot read). docs/decisions/0103-monthly-statements.md
    schedule: 'cron(0 11 * * ? *)',
    description:
      'On the first business day of each month, issues and emails every account’s statement of the month before',
    resources: {
      tables: {
        // The statements (put only if absent) and, in the same transaction, each one's email in the outbox.
        statements: 'readWrite',
        outbox: 'write',
        // Each practice (byStatus) and its invoices; the lab's calendar (referenceData `production`).
        customers: 'read',
        invoices: 'read',
        referenceData: 'read',
      },
    },
  },
  {
    name: 'autopay',
    handler: 'autopay',
    // 14:00 UTC (9 or 10 am on the East Coast): a bank's authentication request reaches the payer in working hours.
    // The job charges each account on its chosen day, and retries soft declines. docs/decisions/0107-autopay.md
    schedule: 'cron(0 14 * * ? *)',
    description: 'Pays each autopay account’s due invoices on its day with its default card, and retries soft declines',
    resources: {
      tables: {
        // The accounts with autopay on (byAutopay) and their cards.
        billingProfiles: 'read',
        // Pay Online's settlement: the payment, its invoices and credit, and its emails in one transaction.
        invoices: 'readWrite',
        payments: 'readWrite',
        creditLedger: 'readWrite',
        outbox: 'write',
        users: 'read',
        // The lab's credit threshold (an overpayment above it waits for a second super admin).
        referenceData: 'read',
      },
      paymentGateway: true,
    },
  },
  {
    name: 'paymentReminders',
    handler: 'payment-reminders',
    // 12:00 UTC (7 or 8 am on the East Coast): after the statements on their day, before the practices' day in
    // the Americas. docs/decisions/0110-payment-reminders-and-the-finance-charge.md
    schedule: 'cron(0 12 * * ? *)',
    description:
      'Emails each unpaid invoice’s reminders on the lab’s reminder days, once each, and puts accounts far past due on credit hold',
    resources: {
      tables: {
        // Open and partly paid invoices (byStatus), read again consistently; a condition check in the write.
        invoices: 'read',
        // The lab's billing settings (referenceData `money`).
        referenceData: 'read',
        // The once-marks and, in the same transaction, each reminder's outbox message.
        tokens: 'write',
        outbox: 'write',
        // The automatic credit hold, written on the practice's version.
        customers: 'readWrite',
      },
    },
  },
] as const satisfies readonly JobDefinition[];

export type JobName = (typeof JOBS)[number]['name'];
