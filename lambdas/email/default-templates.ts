import type { EmailKind } from '../../core/schemas/email/email';

/**
 * The built-in text of every email the portal sends, used until a super admin saves their own in Email
 * Management (and shown as "Reset to default"). Bodies are plain text: blank lines separate paragraphs,
 * and `{{name}}` placeholders are filled (and escaped) when the email is built (render-template.ts).
 */
export interface TemplateText {
  subject: string;
  body: string;
}

const SIGN_OFF = 'Thank you,\nThe Lenslab team';

export const DEFAULT_TEMPLATES: Record<EmailKind, TemplateText> = {
  'order-submitted': {
    subject: 'Order {{orderNumber}} received ({{patientName}})',
    body: [
      'Hello,',
      'We received order {{orderNumber}} for patient {{patientName}} from {{company}} (account {{accountNumber}}).',
      'We plan to ship it by {{shipBy}}, to arrive by {{arriveBy}}.',
      'The lab reviews it shortly; you will get an email when it is approved or if we need more information.',
      'Follow the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'order-approved': {
    subject: 'Order {{orderNumber}} approved ({{patientName}})',
    body: [
      'Hello,',
      'Order {{orderNumber}} for patient {{patientName}} (account {{accountNumber}}) was approved and is now in production.',
      'It ships by {{shipBy}} and should arrive by {{arriveBy}}.',
      'Note from the lab: {{note}}',
      'Follow the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'order-on-hold': {
    subject: 'Order {{orderNumber}} on hold: the lab needs information',
    body: [
      'Hello,',
      'Order {{orderNumber}} for patient {{patientName}} (account {{accountNumber}}) is on hold. The lab needs more information:',
      '{{message}}',
      'Answer and resubmit the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'order-rejected': {
    subject: 'Order {{orderNumber}} could not be accepted',
    body: [
      'Hello,',
      'We could not accept order {{orderNumber}} for patient {{patientName}} (account {{accountNumber}}).',
      'Reason: {{reason}}',
      'See the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  // spec 9: patient name, invoice number (or "N/A"), order notes (or "No order notes provided").
  'order-closed': {
    subject: 'Order {{orderNumber}} completed ({{patientName}})',
    body: [
      'Hello,',
      'Order {{orderNumber}} (account {{accountNumber}}) is complete and closed.',
      'Patient name: {{patientName}}\nInvoice number: {{invoiceNumber}}\nOrder notes: {{orderNotes}}',
      'Tracking:\n{{tracking}}',
      'See the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'order-cancelled': {
    subject: 'Order {{orderNumber}} canceled',
    body: [
      'Hello,',
      'Order {{orderNumber}} for patient {{patientName}} (account {{accountNumber}}) was canceled.',
      'Reason: {{reason}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'order-resubmitted': {
    subject: 'Order {{orderNumber}} resubmitted ({{patientName}})',
    body: [
      'Hello,',
      '{{company}} (account {{accountNumber}}) answered the hold on order {{orderNumber}} for patient {{patientName}} and resubmitted it.',
      'Their answer:',
      '{{answer}}',
      'Review the order (and any corrected fields) at {{orderLink}}',
    ].join('\n\n'),
  },
  'order-delayed': {
    subject: 'Order {{orderNumber}}: new ship date {{shipBy}}',
    body: [
      'Hello,',
      'Order {{orderNumber}} for patient {{patientName}} (account {{accountNumber}}) will ship later than we said.',
      'Why: {{reason}}',
      'It was to ship by {{previousShipBy}}. It now ships by {{shipBy}} and should arrive by {{arriveBy}}.',
      'Follow the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'parcel-claim-opened': {
    subject: 'Parcel claim on order {{orderNumber}}: {{problem}} ({{patientName}})',
    body: [
      'Hello,',
      '{{company}} (account {{accountNumber}}) reported a problem with a parcel of order {{orderNumber}} for patient {{patientName}}.',
      'Parcel: {{carrier}} {{trackingNumber}}\nReported as: {{problem}}',
      'What happened:',
      '{{note}}',
      'Replace the lenses or decline the claim at {{orderLink}}',
    ].join('\n\n'),
  },
  'parcel-claim-decided': {
    subject: 'Order {{orderNumber}}: your parcel claim ({{decision}})',
    body: [
      'Hello,',
      'You reported the parcel {{carrier}} {{trackingNumber}} of order {{orderNumber}} for patient {{patientName}} (account {{accountNumber}}) as {{problem}}.',
      '{{outcome}}',
      'Note from the lab: {{note}}',
      'See the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'account-request-received': {
    subject: 'New account request: {{company}}',
    body: [
      'A practice asked for an account number.',
      [
        'Practice: {{company}}',
        'Contact: {{contactName}}',
        'Contact email: {{email}}',
        'Phone: {{phone}}',
        'Fax: {{fax}}',
        'Address: {{address}}',
        'State license number: {{stateLicenseNumber}}',
        'Buying group: {{buyingGroup}}',
        'Existing account number: {{existingAccountNumber}}',
        'Signed in as: {{userEmail}}',
      ].join('\n'),
      'Review it in Customer Management on {{portalUrl}}.',
    ].join('\n\n'),
  },
  'account-request-approved': {
    subject: 'Your Lenslab Portal account number is ready',
    body: [
      'Hello,',
      'Your request for {{company}} was approved. Your account number is {{accountNumber}}.',
      'Sign in at {{portalUrl}} to start ordering.',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'account-request-rejected': {
    subject: 'Your Lenslab Portal account request',
    body: [
      'Hello,',
      'We could not approve the account request for {{company}}.',
      'Reason: {{reason}}',
      'You can correct the request and send it again from the portal, or reply to the lab.',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'practice-user-linked': {
    subject: 'A new user was linked to {{company}} ({{accountNumber}})',
    body: [
      'Hello,',
      'The lab approved an account request that links {{linkedUserEmail}} (contact: {{contactName}}) to {{company}}, account {{accountNumber}}.',
      "They can now see and place the practice's orders, its patients' names and its invoices in the Lenslab Portal.",
      'If you do not know this person, reply to this email or call the lab at once so we can remove them.',
      'Sign in at {{portalUrl}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'user-invited': {
    subject: 'You are invited to the Lenslab Portal',
    body: [
      'Hello {{firstName}},',
      'An account was created for you on the Lenslab Portal with the email address {{email}}.',
      'Sign in at {{portalUrl}} with the password your lab administrator gives you, or choose your own with "Forgot password" on the sign-in page.',
      SIGN_OFF,
    ].join('\n\n'),
  },
  // Plain text like the rest; amounts arrive formatted ("$1,234.50"), never card details.
  'invoice-issued': {
    subject: 'Invoice {{invoiceNumber}}: {{balanceAmount}} due {{dueDate}}',
    body: [
      'Hello,',
      'Invoice {{invoiceNumber}} for {{company}} (account {{accountNumber}}) is ready.',
      'Orders: {{orderNumbers}}\nTotal: {{totalAmount}}\nBalance due: {{balanceAmount}}\nDue date: {{dueDate}}',
      'See the invoice and pay it online at {{invoiceLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'payment-receipt': {
    subject: 'Payment received: {{paidAmount}} (receipt {{receiptNumber}})',
    body: [
      'Hello {{payerName}},',
      'Thank you: we received your payment of {{paidAmount}} for {{company}} (account {{accountNumber}}) on {{paidOn}}.',
      'Receipt number: {{receiptNumber}}\nPaid by card: {{cardAmount}}\nPaid with lens credit: {{creditAmount}}\nAdded to your lens credit (more than the balance due): {{overpaidAmount}}',
      'Invoices:\n{{invoiceList}}',
      'Your invoices and receipts are at {{paymentLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'payment-received': {
    subject: 'Payment received from {{company}}: {{paidAmount}}',
    body: [
      'Hello,',
      '{{payerName}} paid {{paidAmount}} for {{company}} (account {{accountNumber}}) on {{paidOn}}.',
      'Receipt number: {{receiptNumber}}\nBy card: {{cardAmount}}\nWith lens credit: {{creditAmount}}\nAdded to the account credit (overpayment): {{overpaidAmount}}',
      'Invoices:\n{{invoiceList}}',
      'See the invoices at {{invoicesLink}}',
    ].join('\n\n'),
  },
  'payment-failed': {
    subject: 'Your payment of {{cardAmount}} did not go through',
    body: [
      'Hello {{payerName}},',
      'Your card payment of {{cardAmount}} for invoice {{invoiceNumbers}} (account {{accountNumber}}) did not go through. Nothing was charged and the invoices are unchanged.',
      'Reason given: {{failureMessage}}',
      'You can try again, or with another card, at {{paymentLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'payment-refunded': {
    subject: 'Refund of {{refundAmount}} (refund {{refundNumber}})',
    body: [
      'Hello {{payerName}},',
      'We refunded {{refundAmount}} of your card payment {{receiptNumber}} for {{company}} (account {{accountNumber}}) on {{refundedOn}}. It reaches your card within 5 to 10 business days.',
      'Refund number: {{refundNumber}}\nInvoice: {{invoiceNumber}}\nBalance of the invoice now: {{balanceAmount}}\nReason: {{reason}}',
      'Your invoices and receipts are at {{paymentLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'payment-disputed': {
    subject: 'Card dispute {{disputeStatus}}: {{disputeAmount}} from {{company}}',
    body: [
      'Hello,',
      "The card's bank disputed payment {{receiptNumber}} of {{company}} (account {{accountNumber}}): {{disputeAmount}}, reason {{disputeReason}}.",
      'Status: {{disputeStatus}}\nInvoices it paid: {{invoiceNumbers}}',
      "Answer it in the card gateway's dashboard before its deadline; see the invoices at {{invoicesLink}}",
    ].join('\n\n'),
  },
  'autopay-authentication': {
    subject: 'Please confirm your autopay payment of {{cardAmount}}',
    body: [
      'Hello {{payerName}},',
      'Autopay tried to pay {{cardAmount}} for invoice {{invoiceNumbers}} (account {{accountNumber}}, {{month}}), and your bank asks you to confirm the payment first. Nothing was charged yet.',
      'Confirm it in the portal by {{deadline}}: {{authenticateLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'autopay-failed': {
    subject: 'Your autopay payment of {{cardAmount}} did not go through',
    body: [
      'Hello {{payerName}},',
      'Autopay could not pay {{cardAmount}} for invoice {{invoiceNumbers}} (account {{accountNumber}}, {{month}}). Nothing was charged and the invoices are still open.',
      'Reason given: {{failureMessage}}',
      'Pay them online, or update the card autopay uses, at {{paymentLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'credit-granted': {
    subject: 'Lens credit added: {{creditAmount}}',
    body: [
      'Hello,',
      'The lab added {{creditAmount}} of lens credit to {{company}} (account {{accountNumber}}).',
      'Reason: {{reason}}\nOrder: {{orderNumber}}\nNote from the lab: {{note}}\nAvailable credit now: {{balanceAmount}}',
      'Use it when you pay an invoice online. See your credit at {{creditLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'claim-submitted': {
    subject: 'New warranty claim: order {{orderNumber}} {{eye}}',
    body: [
      'Hello,',
      'Account {{accountNumber}} sent a warranty claim ({{claimKind}}).',
      'Order: {{orderNumber}}\nPatient: {{patientName}}\nEye: {{eye}}\nLens: {{lensName}}\nCredit if approved: {{creditAmount}}',
      'What happened:\n{{note}}',
      'Decide it in the warranty claims queue at {{claimsLink}}',
    ].join('\n\n'),
  },
  'claim-decided': {
    subject: 'Warranty claim for order {{orderNumber}} {{eye}}: {{decision}}',
    body: [
      'Hello,',
      'The lab decided your warranty claim ({{claimKind}}) for order {{orderNumber}}, patient {{patientName}}, {{eye}}, {{lensName}} (account {{accountNumber}}).',
      'Decision: {{decision}}',
      '{{nextStep}}',
      'See your lens credit and claims at {{creditLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'warranty-ending': {
    subject: 'Warranty ending soon for {{lensCount}} (account {{accountNumber}})',
    body: [
      'Hello,',
      'The warranty of {{lensCount}} of {{company}} (account {{accountNumber}}) ends in the next two weeks:',
      '{{lensList}}',
      'If a lens needs an exchange or should be canceled for credit, ask before its warranty ends at {{creditLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'statement-issued': {
    subject: 'Your {{month}} statement (account {{accountNumber}})',
    body: [
      'Hello,',
      'The {{month}} statement of {{company}} (account {{accountNumber}}) is ready.{{correctionNote}}',
      [
        'Opening balance: {{openingAmount}}',
        'Charges: {{chargesAmount}}',
        'Payments: {{paymentsAmount}}',
        'Credits: {{creditsAmount}}',
        'Closing balance: {{closingAmount}}',
        'Past due: {{pastDueAmount}}',
      ].join('\n'),
      'See every line and download the PDF on the Statements tab of Pay Online: {{statementLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'payment-reminder': {
    subject: 'Reminder: invoice {{invoiceNumber}} is {{when}} ({{balanceAmount}})',
    body: [
      'Hello,',
      'Invoice {{invoiceNumber}} of {{company}} (account {{accountNumber}}) is {{when}}.',
      'Balance due: {{balanceAmount}}\nDue date: {{dueDate}}',
      'Pay it online at {{invoiceLink}}',
      'If you paid it in the last few days, thank you: please ignore this reminder.',
      SIGN_OFF,
    ].join('\n\n'),
  },
  // The Ampleye Virtual Consultant. The lab promises an answer within one business day.
  'consult-received': {
    subject: 'New consult request {{reference}}: {{practiceName}}',
    body: [
      'Hello,',
      '{{requestKind}}: consult {{reference}} waits for an answer (within one business day).',
      [
        '{{sentBy}}, shown as typed (addresses in it are not links):',
        'Practice: {{practiceName}}',
        'From: {{requesterName}} ({{requesterEmail}})',
        'Patient: {{patient}}',
        'Eye: {{eye}}',
        'Lens on the eye: {{currentLens}}',
      ].join('\n'),
      'Question:\n{{question}}',
      'Answer it at {{consultLink}}',
    ].join('\n\n'),
  },
  'consult-answered': {
    subject: 'The lab answered your consult {{reference}} (patient {{patient}})',
    body: [
      'Hello {{requesterName}},',
      'The lab answered consult {{reference}} for {{practiceName}}, patient {{patient}}, {{eye}}.',
      'Your question:\n{{question}}',
      "The lab's answer:\n{{answer}}",
      'Proposed lens: {{proposedLens}}',
      '{{nextStep}} {{consultLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'notification-digest': {
    subject: 'Your Lenslab Portal digest: {{updateCount}}',
    body: [
      'Hello {{firstName}},',
      'What happened up to {{digestDate}} that you chose to hear about once a day:',
      '{{notificationList}}',
      'Read them in the portal (the bell at the top of every page): {{inboxLink}}',
      'You can change what you hear about, and how, in Settings.',
      SIGN_OFF,
    ].join('\n\n'),
  },
};

export function defaultTemplate(kind: EmailKind): TemplateText {
  return DEFAULT_TEMPLATES[kind];
}
