import type { EmailKind } from '../../core/schemas/email';

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
      'See the order at {{orderLink}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  'order-cancelled': {
    subject: 'Order {{orderNumber}} cancelled',
    body: [
      'Hello,',
      'Order {{orderNumber}} for patient {{patientName}} (account {{accountNumber}}) was cancelled.',
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
  'user-invited': {
    subject: 'You are invited to the Lenslab Portal',
    body: [
      'Hello {{firstName}},',
      'An account was created for you on the Lenslab Portal with the email address {{email}}.',
      'Sign in at {{portalUrl}} with the password your lab administrator gives you, or choose your own with "Forgot password" on the sign-in page.',
      SIGN_OFF,
    ].join('\n\n'),
  },
};

export function defaultTemplate(kind: EmailKind): TemplateText {
  return DEFAULT_TEMPLATES[kind];
}
