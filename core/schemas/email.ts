import { z } from 'zod';
import { multiLineText, requiredLine } from './text-fields';

/**
 * Email templates (Email Management, super admins): one per email the portal sends. Subjects and bodies hold
 * `{{placeholder}}`s filled from the event; values are escaped when the body is built (lambdas/email).
 */
export const EMAIL_KINDS = [
  'order-submitted',
  'order-approved',
  'order-on-hold',
  'order-rejected',
  'order-closed',
  'order-cancelled',
  'order-resubmitted',
  'account-request-received',
  'account-request-approved',
  'account-request-rejected',
  'user-invited',
] as const;
export const emailKindSchema = z.enum(EMAIL_KINDS, { error: 'Not a known email' });
export type EmailKind = z.infer<typeof emailKindSchema>;

/** The placeholders each email may use, with sample values for the preview. */
export const EMAIL_PLACEHOLDERS: Record<EmailKind, Record<string, string>> = {
  'order-submitted': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-approved': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    note: 'Ships Thursday',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-on-hold': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    message: 'Please send the latest topography.',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-rejected': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    reason: 'Parameters outside what we can make.',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  // spec 9: patient name, invoice number (N/A if absent), order notes ("No order notes provided" if absent).
  'order-closed': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    invoiceNumber: 'INV-5001',
    orderNotes: 'No order notes provided',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-cancelled': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    reason: 'Patient moved away',
  },
  // To the lab when a practice answers a hold; the link is the lab's order page.
  'order-resubmitted': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    answer: 'Topography attached; OS sphere corrected to -2.75.',
    orderLink: 'https://portal.example/admin/order-approval/123',
  },
  'account-request-received': {
    company: 'ClearSight Optometry',
    contactName: 'Jamie Lindqvist',
    email: 'jamie@clearsight.test',
    phone: '(503) 555-0170',
    fax: 'none given',
    address: '9 Harbor Road, Portland, OR, 97201',
    stateLicenseNumber: 'OR-12345',
    buyingGroup: 'Vision Source',
    existingAccountNumber: 'none given',
    userEmail: 'jamie@clearsight.test',
    portalUrl: 'https://portal.example',
  },
  'account-request-approved': {
    company: 'ClearSight Optometry',
    accountNumber: 'CS-3001',
    portalUrl: 'https://portal.example',
  },
  'account-request-rejected': { company: 'ClearSight Optometry', reason: 'We could not verify the licence number.' },
  'user-invited': { firstName: 'Alex', email: 'alex@lab.example', portalUrl: 'https://portal.example' },
};

export const emailTemplateSchema = z.object({
  kind: emailKindSchema,
  subject: z.string(),
  body: z.string(),
  /** 0 while the built-in default is in use (never saved). */
  version: z.number().int().nonnegative(),
  updatedAt: z.string().optional(),
  /** The built-in text ("Reset to default" puts it back in the editor; saving it is an ordinary update). */
  defaults: z.object({ subject: z.string(), body: z.string() }),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

const templateText = { subject: requiredLine('Subject', 200), body: multiLineText('Body', 20_000) };
export const listEmailTemplatesOutputSchema = z.object({ items: z.array(emailTemplateSchema) });
export const updateEmailTemplateInputSchema = z
  .object({ kind: emailKindSchema, version: z.number().int().nonnegative(), ...templateText })
  .strict();
export const previewEmailTemplateInputSchema = z.object({ kind: emailKindSchema, ...templateText }).strict();
export const previewEmailTemplateOutputSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
const emailAddress = z.email('Enter a valid email address').max(254);
export const sendTestEmailInputSchema = z.object({ kind: emailKindSchema, to: emailAddress, ...templateText }).strict();
export const sendTestEmailOutputSchema = z.object({ sent: z.boolean() });

/** The lab's notification recipients (new, resubmitted and cancelled orders, account requests). */
export const labNotificationSettingsSchema = z.object({
  recipients: z.array(emailAddress).min(1, 'Give at least one recipient').max(20),
  version: z.number().int().nonnegative(),
});
export const updateLabNotificationSettingsInputSchema = labNotificationSettingsSchema.strict();

/**
 * spec 7 `POST auth/email/{kind}` as `sendEmail { kind, recipients, subject, body }`: answers true or false,
 * errors swallowed and logged (spec 8). Recipients are a list here and joined with ";" only where the spec's
 * wire format needs it.
 */
export const sendEmailInputSchema = z
  .object({
    kind: z.string().regex(/^[a-z-]{1,40}$/, 'Not a valid email kind'),
    recipients: z.array(emailAddress).min(1, 'Give at least one recipient').max(50),
    subject: requiredLine('Subject', 200),
    body: multiLineText('Body', 20_000),
  })
  .strict();
export const sendEmailOutputSchema = z.boolean();
