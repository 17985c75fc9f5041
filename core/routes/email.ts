import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN, ADMIN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import {
  emailTemplateSchema,
  labNotificationSettingsSchema,
  listEmailTemplatesOutputSchema,
  previewEmailTemplateInputSchema,
  previewEmailTemplateOutputSchema,
  sendEmailInputSchema,
  sendEmailOutputSchema,
  sendTestEmailInputSchema,
  sendTestEmailOutputSchema,
  updateEmailTemplateInputSchema,
  updateLabNotificationSettingsInputSchema,
} from '../schemas/email/email';

/** Emails (spec 2 /admin/email-management; spec 7 POST auth/email/{kind}). */
export const emailRoutes = defineRoutes('email', {
  sendEmail: {
    input: sendEmailInputSchema,
    output: sendEmailOutputSchema,
    access: ADMIN,
    customerApi: true,
    // Not a relay: recipients must be practice users (ListUsers by email, then their users
    // records) or the lab recipients (emailTemplates); tokens: the per-caller send budget; outbox: the emails,
    // queued for the outbox consumer to send.
    resources: {
      tables: { users: 'read', emailTemplates: 'read', tokens: 'readWrite', outbox: 'write' },
      userPool: ['ListUsers'],
    },
  },
  listEmailTemplates: {
    input: emptyInputSchema,
    output: listEmailTemplatesOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { emailTemplates: 'read' } },
  },
  updateEmailTemplate: {
    input: updateEmailTemplateInputSchema,
    output: emailTemplateSchema,
    access: SUPER_ADMIN,
    resources: { tables: { emailTemplates: 'readWrite' } },
  },
  previewEmailTemplate: {
    input: previewEmailTemplateInputSchema,
    output: previewEmailTemplateOutputSchema,
    access: SUPER_ADMIN,
    resources: {},
  },
  sendTestEmail: {
    input: sendTestEmailInputSchema,
    output: sendTestEmailOutputSchema,
    access: SUPER_ADMIN,
    // tokens: the per-caller test-send budget (the test goes to the caller's own address); outbox: the email,
    // queued for the outbox consumer to send.
    resources: { tables: { tokens: 'readWrite', outbox: 'write' } },
  },
  getLabNotificationSettings: {
    input: emptyInputSchema,
    output: labNotificationSettingsSchema,
    access: SUPER_ADMIN,
    // senderAddress: the recipients shown while none are saved (the sender's address).
    resources: { tables: { emailTemplates: 'read' }, senderAddress: true },
  },
  updateLabNotificationSettings: {
    input: updateLabNotificationSettingsInputSchema,
    output: labNotificationSettingsSchema,
    access: SUPER_ADMIN,
    resources: { tables: { emailTemplates: 'readWrite' }, senderAddress: true },
  },
});
