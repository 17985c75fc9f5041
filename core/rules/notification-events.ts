import type { EmailKind } from '../schemas/email/email-kinds';

/**
 * What a person can hear about, and how: the notification centre's one list
 * (docs/decisions/0099-notification-centre.md).
 * Each event is raised by one email kind for one audience (the same kind can raise a practice event and a lab
 * event: a new order is "received" for the practice and "new order" for the lab). Labels live here, outside
 * core/schemas, so the Settings page and the bell show them without loading a schema.
 */
export const NOTIFICATION_CHOICES = ['email', 'portal', 'digest', 'off'] as const;
export type NotificationChoice = (typeof NOTIFICATION_CHOICES)[number];

export const CHOICE_LABELS: Record<NotificationChoice, string> = {
  email: 'Email and portal',
  portal: 'Portal only',
  digest: 'Daily digest',
  off: 'Off',
};

export type NotificationAudience = 'practice' | 'lab';

export interface NotificationEvent {
  id: string;
  audience: NotificationAudience;
  /**
   * The kind of the notice that raises it (for its audience): an email kind, the one the practice's email has.
   * The lab's copy of a receipt is its own email ('payment-received') but rides on the receipt's notice.
   */
  kind: EmailKind;
  label: string;
  description: string;
  /** What a user who never chose gets. */
  defaultChoice: NotificationChoice;
}

/**
 * A practice's events default to what the old portal did (an email for each), except the acknowledgement of an
 * order the practice just placed itself and the lens credit it can see on its credit page, which show in the
 * portal only. The lab's emails go to the recipients in Email Management; a staff member chooses only whether an
 * event shows in their bell.
 */
export const NOTIFICATION_EVENTS = [
  {
    id: 'order-received',
    audience: 'practice',
    kind: 'order-submitted',
    label: 'Order received',
    description: 'The lab received an order your practice placed.',
    defaultChoice: 'portal',
  },
  {
    id: 'order-on-hold',
    audience: 'practice',
    kind: 'order-on-hold',
    label: 'Order on hold: the lab needs an answer',
    description: 'The lab paused an order until you answer its question.',
    defaultChoice: 'email',
  },
  {
    id: 'order-approved',
    audience: 'practice',
    kind: 'order-approved',
    label: 'Order approved',
    description: 'The lab approved an order for production.',
    defaultChoice: 'email',
  },
  {
    id: 'order-rejected',
    audience: 'practice',
    kind: 'order-rejected',
    label: 'Order not accepted',
    description: 'The lab could not accept an order.',
    defaultChoice: 'email',
  },
  {
    id: 'order-shipped',
    audience: 'practice',
    kind: 'order-closed',
    label: 'Order completed and shipped',
    description: 'An order left the lab, with its invoice number.',
    defaultChoice: 'email',
  },
  {
    id: 'order-delayed',
    audience: 'practice',
    kind: 'order-delayed',
    label: 'Order delayed: new ship date',
    description: 'The lab moved the ship date of an order, with the reason.',
    defaultChoice: 'email',
  },
  {
    id: 'parcel-claim-decided',
    audience: 'practice',
    kind: 'parcel-claim-decided',
    label: 'Parcel claim decided',
    description: 'The lab replaced or declined a parcel you reported.',
    defaultChoice: 'email',
  },
  {
    id: 'order-cancelled',
    audience: 'practice',
    kind: 'order-cancelled',
    label: 'Order canceled',
    description: 'An order of your practice was canceled.',
    defaultChoice: 'email',
  },
  {
    id: 'invoice-issued',
    audience: 'practice',
    kind: 'invoice-issued',
    label: 'Invoice issued',
    description: 'The lab issued an invoice to your practice.',
    defaultChoice: 'email',
  },
  {
    id: 'payment-received',
    audience: 'practice',
    kind: 'payment-receipt',
    label: 'Payment received',
    description: 'The receipt for a payment your practice made.',
    defaultChoice: 'email',
  },
  {
    id: 'payment-failed',
    audience: 'practice',
    kind: 'payment-failed',
    label: 'Payment failed',
    description: 'A card payment did not go through.',
    defaultChoice: 'email',
  },
  {
    id: 'payment-refunded',
    audience: 'practice',
    kind: 'payment-refunded',
    label: 'Refund issued',
    description: 'The lab refunded part or all of a card payment.',
    defaultChoice: 'email',
  },
  {
    id: 'autopay-authentication',
    audience: 'practice',
    kind: 'autopay-authentication',
    label: 'Autopay needs your confirmation',
    description: 'Your bank asks you to confirm an autopay payment in the portal.',
    defaultChoice: 'email',
  },
  {
    id: 'autopay-failed',
    audience: 'practice',
    kind: 'autopay-failed',
    label: 'Autopay payment failed',
    description: 'An autopay payment did not go through after its retries.',
    defaultChoice: 'email',
  },
  {
    id: 'credit-granted',
    audience: 'practice',
    kind: 'credit-granted',
    label: 'Lens credit added',
    description: 'The lab added lens credit to your account.',
    defaultChoice: 'portal',
  },
  {
    id: 'claim-decided',
    audience: 'practice',
    kind: 'claim-decided',
    label: 'Warranty claim decided',
    description: 'The lab approved or denied a warranty claim.',
    defaultChoice: 'email',
  },
  {
    id: 'warranty-ending',
    audience: 'practice',
    kind: 'warranty-ending',
    label: 'Warranty ending soon',
    description: 'Lenses whose warranty ends in the next 14 days.',
    defaultChoice: 'email',
  },
  {
    id: 'statement-issued',
    audience: 'practice',
    kind: 'statement-issued',
    label: 'Monthly statement',
    description: 'Your account’s statement for the month before, on the first business day of each month.',
    defaultChoice: 'email',
  },
  {
    id: 'payment-reminder',
    audience: 'practice',
    kind: 'payment-reminder',
    label: 'Payment reminder',
    description: 'An unpaid invoice is coming due or past due.',
    defaultChoice: 'email',
  },
  {
    id: 'consult-answered',
    audience: 'practice',
    kind: 'consult-answered',
    label: 'Consult answered',
    description: 'A lab consultant answered your consult request.',
    defaultChoice: 'email',
  },
  {
    id: 'lab-new-order',
    audience: 'lab',
    kind: 'order-submitted',
    label: 'New order',
    description: 'A practice placed an order.',
    defaultChoice: 'portal',
  },
  {
    id: 'lab-answered-hold',
    audience: 'lab',
    kind: 'order-resubmitted',
    label: 'Answered hold',
    description: 'A practice answered a hold and the order is back in the queue.',
    defaultChoice: 'portal',
  },
  {
    id: 'lab-order-cancelled',
    audience: 'lab',
    kind: 'order-cancelled',
    label: 'Order canceled by a practice',
    description: 'A practice canceled an order before approval.',
    defaultChoice: 'portal',
  },
  {
    id: 'lab-parcel-claim',
    audience: 'lab',
    kind: 'parcel-claim-opened',
    label: 'Parcel reported missing or damaged',
    description: 'A practice reported a parcel of a shipped order.',
    defaultChoice: 'portal',
  },
  {
    id: 'lab-new-consult',
    audience: 'lab',
    kind: 'consult-received',
    label: 'New consult',
    description: 'A practice or a visitor asked the lab for a consult.',
    defaultChoice: 'portal',
  },
  {
    id: 'lab-claim-filed',
    audience: 'lab',
    kind: 'claim-submitted',
    label: 'Warranty claim filed',
    description: 'A practice filed a warranty claim.',
    defaultChoice: 'portal',
  },
  {
    id: 'lab-payment-received',
    audience: 'lab',
    // The payment's one notice is the receipt; the lab's copy of it is the 'payment-received' email.
    kind: 'payment-receipt',
    label: 'Payment received',
    description: 'A practice paid invoices online.',
    defaultChoice: 'portal',
  },
  {
    id: 'lab-payment-disputed',
    audience: 'lab',
    kind: 'payment-disputed',
    label: 'Card dispute',
    description: "A card's bank opened or decided a chargeback on a payment.",
    defaultChoice: 'portal',
  },
  {
    id: 'lab-account-request',
    audience: 'lab',
    kind: 'account-request-received',
    label: 'New account request',
    description: 'A practice asked for a portal account.',
    defaultChoice: 'portal',
  },
] as const satisfies readonly NotificationEvent[];

/** An event of the catalogue, its id typed as one of the catalogue's. */
export type CatalogueEvent = (typeof NOTIFICATION_EVENTS)[number];
export type NotificationEventId = CatalogueEvent['id'];

export const NOTIFICATION_EVENT_IDS = NOTIFICATION_EVENTS.map((e) => e.id) as unknown as readonly [
  NotificationEventId,
  ...NotificationEventId[],
];

/** A lab event is in the bell or off: its emails follow Email Management's recipients, not a person's choice. */
export function choicesFor(audience: NotificationAudience): readonly NotificationChoice[] {
  return audience === 'lab' ? ['portal', 'off'] : NOTIFICATION_CHOICES;
}

export function eventsFor(audience: NotificationAudience): CatalogueEvent[] {
  return NOTIFICATION_EVENTS.filter((e) => e.audience === audience);
}

/** The event an email kind raises for an audience, if any. */
export function eventOf(kind: EmailKind, audience: NotificationAudience): CatalogueEvent | undefined {
  return NOTIFICATION_EVENTS.find((e) => e.kind === kind && e.audience === audience);
}

/** A person's choices with every event they did not choose at its default; a stale or foreign choice is dropped. */
export function effectiveChoices(
  audience: NotificationAudience,
  saved: Partial<Record<string, NotificationChoice>> = {},
): Record<string, NotificationChoice> {
  const allowed = choicesFor(audience);
  return Object.fromEntries(
    eventsFor(audience).map((e) => {
      const choice = saved[e.id];
      return [e.id, choice && allowed.includes(choice) ? choice : e.defaultChoice];
    }),
  );
}

/** Whose events a signed-in user hears: the lab's staff (admins; super admins are admins too) or a practice's. */
export const audienceOfGroups = (groups: readonly string[]): NotificationAudience =>
  groups.includes('admin') ? 'lab' : 'practice';

/** Whether an event with this choice shows in the bell (everything but off). */
export const showsInPortal = (choice: NotificationChoice): boolean => choice !== 'off';
/** Whether it is emailed as it happens. */
export const emailsNow = (choice: NotificationChoice): boolean => choice === 'email';
