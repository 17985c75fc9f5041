import type { EmailKind } from '../../../../../core/schemas/email/email';

/** What each email is, as Email Management lists it. */
export const EMAIL_KIND_LABELS: Record<EmailKind, { label: string; description: string }> = {
  'order-submitted': { label: 'Order submitted', description: 'To the practice and the lab when an order is sent.' },
  'order-approved': { label: 'Order approved', description: 'To the practice when the lab approves an order.' },
  'order-on-hold': { label: 'Order on hold', description: 'To the practice when the lab needs information.' },
  'order-rejected': { label: 'Order rejected', description: 'To the practice with the reason.' },
  'order-closed': { label: 'Order closed', description: 'To the practice with the invoice number (spec 9).' },
  'order-cancelled': {
    label: 'Order canceled',
    description: "To the practice and the lab's notification recipients when the practice cancels an order.",
  },
  'order-resubmitted': {
    label: 'Order resubmitted',
    description: "To the lab's notification recipients when a practice answers a hold, with the answer.",
  },
  'order-delayed': {
    label: 'Order delayed',
    description: 'To the practice when the lab moves the ship date of an order, with the reason and the new dates.',
  },
  'parcel-claim-opened': {
    label: 'Parcel claim opened',
    description:
      "To the lab's notification recipients when a practice reports a parcel missing or damaged, with what happened.",
  },
  'parcel-claim-decided': {
    label: 'Parcel claim decided',
    description: 'To the practice when the lab replaces the lenses of a reported parcel or declines the claim.',
  },
  'account-request-received': {
    label: 'Account request received',
    description: "To the lab's notification recipients when a practice asks for an account number.",
  },
  'account-request-approved': { label: 'Account request approved', description: 'To the requester.' },
  'account-request-rejected': { label: 'Account request rejected', description: 'To the requester.' },
  'practice-user-linked': {
    label: 'User linked to a practice',
    description: "To a practice's users when an approved account request links someone else to it.",
  },
  'user-invited': { label: 'User invited', description: 'To a user an administrator created.' },
  'invoice-issued': {
    label: 'Invoice issued',
    description: 'To the practice (the orderers, else its users) when the lab issues an invoice.',
  },
  'payment-receipt': { label: 'Payment receipt', description: 'To the payer when an online payment succeeds.' },
  'payment-received': {
    label: 'Payment received (lab copy)',
    description: "To the lab's notification recipients when a practice pays online.",
  },
  'payment-failed': { label: 'Payment failed', description: 'To the payer when the card is declined.' },
  'payment-refunded': {
    label: 'Refund receipt',
    description: 'To the payer when the billing desk refunds part or all of a card payment.',
  },
  'payment-disputed': {
    label: 'Card dispute (lab)',
    description: "To the lab's notification recipients when a card's bank opens or decides a chargeback.",
  },
  'autopay-authentication': {
    label: 'Autopay needs confirmation',
    description: "To the payer who turned autopay on when their bank asks them to confirm the month's charge.",
  },
  'autopay-failed': {
    label: 'Autopay failed',
    description: "To the payer who turned autopay on when the month's charge failed after its retries.",
  },
  'credit-granted': { label: 'Lens credit added', description: "To the account's users when the lab adds credit." },
  'claim-submitted': {
    label: 'Warranty claim submitted',
    description: "To the lab's notification recipients when a practice sends a warranty claim.",
  },
  'claim-decided': {
    label: 'Warranty claim decided',
    description: 'To whoever sent the claim when the lab approves or denies it.',
  },
  'warranty-ending': {
    label: 'Warranty ending',
    description: "Daily, to the account's users when lenses enter the last 14 days of their warranty.",
  },
  'statement-issued': {
    label: 'Monthly statement',
    description:
      "On the first business day of each month, to the account's users: last month's statement (and a corrected one).",
  },
  'payment-reminder': {
    label: 'Payment reminder',
    description:
      "Daily, to the account's users and billing contacts when an unpaid invoice reaches one of the lab's reminder days.",
  },
  'consult-received': {
    label: 'Consult request received',
    description: "To the lab's notification recipients when a practice or a visitor asks the Ampleye consultant.",
  },
  'consult-answered': {
    label: 'Consult answered',
    description:
      'To whoever asked when the lab answers a consult: a practice gets a link to it, a visitor the whole answer.',
  },
  'notification-digest': {
    label: 'Daily notification digest',
    description:
      'Once a day to each practice user who chose "Daily digest" for some events in Settings: what happened, by event.',
  },
};

/** `{{name}}` as the editor inserts it. */
export const placeholderToken = (name: string) => `{{${name}}}`;
