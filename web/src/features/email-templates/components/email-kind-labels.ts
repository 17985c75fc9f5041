import type { EmailKind } from '../../../../../core/schemas/email';

/** What each email is, as Email Management lists it. */
export const EMAIL_KIND_LABELS: Record<EmailKind, { label: string; description: string }> = {
  'order-submitted': { label: 'Order submitted', description: 'To the practice and the lab when an order is sent.' },
  'order-approved': { label: 'Order approved', description: 'To the practice when the lab approves an order.' },
  'order-on-hold': { label: 'Order on hold', description: 'To the practice when the lab needs information.' },
  'order-rejected': { label: 'Order rejected', description: 'To the practice with the reason.' },
  'order-closed': { label: 'Order closed', description: 'To the practice with the invoice number (spec 9).' },
  'order-cancelled': {
    label: 'Order cancelled',
    description: "To the practice and the lab's notification recipients when the practice cancels an order.",
  },
  'order-resubmitted': {
    label: 'Order resubmitted',
    description: "To the lab's notification recipients when a practice answers a hold, with the answer.",
  },
  'account-request-received': {
    label: 'Account request received',
    description: "To the lab's notification recipients when a practice asks for an account number.",
  },
  'account-request-approved': { label: 'Account request approved', description: 'To the requester.' },
  'account-request-rejected': { label: 'Account request rejected', description: 'To the requester.' },
  'user-invited': { label: 'User invited', description: 'To a user an administrator created.' },
};

/** `{{name}}` as the editor inserts it. */
export const placeholderToken = (name: string) => `{{${name}}}`;
