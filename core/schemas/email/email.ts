import { lazySchema } from '../lazy-schema';
import { FORM_MESSAGES } from '../../messages';
import * as z from '../../zod';
import { versionSchema } from '../bounds';
import { EMAIL_KINDS } from './email-kinds';
import { multiLineText, requiredLine } from '../text-fields';

/**
 * Email templates (Email Management, super admins): one per email the portal sends. The kinds and their
 * placeholders live in email-kinds.ts, which every function that sends email loads without these schemas.
 */
export { EMAIL_KINDS, EMAIL_PLACEHOLDERS, type EmailKind } from './email-kinds';

export const emailKindSchema = lazySchema(() => z.enum(EMAIL_KINDS, { error: 'Not a known email' }));

export const emailTemplateSchema = lazySchema(() =>
  z.object({
    kind: emailKindSchema,
    subject: z.string(),
    body: z.string(),
    /** 0 while the built-in default is in use (never saved). */
    version: z.number().check(z.int(), z.nonnegative()),
    updatedAt: z.optional(z.string()),
    /** The built-in text ("Reset to default" puts it back in the editor; saving it is an ordinary update). */
    defaults: z.object({ subject: z.string(), body: z.string() }),
  }),
);
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** A subject staff type: one line without invisible format characters (\p{Cf}), which emails refuse. */
const emailSubject = () =>
  requiredLine('Subject', 200).check(
    z.refine((v) => !/\p{Cf}/u.test(v), 'Subject must not contain invisible formatting characters'),
  );
const templateText = lazySchema(() => ({ subject: emailSubject(), body: multiLineText('Body', 20_000) }));
export const listEmailTemplatesOutputSchema = lazySchema(() => z.object({ items: z.array(emailTemplateSchema) }));
export const updateEmailTemplateInputSchema = lazySchema(() =>
  z.strictObject({ kind: emailKindSchema, version: versionSchema, ...templateText }),
);
export const previewEmailTemplateInputSchema = lazySchema(() =>
  z.strictObject({ kind: emailKindSchema, ...templateText }),
);
export const previewEmailTemplateOutputSchema = lazySchema(() =>
  z.object({ subject: z.string(), html: z.string(), text: z.string() }),
);
const emailAddress = lazySchema(() => z.email(FORM_MESSAGES.invalidEmail).check(z.maxLength(254)));
/** A test goes to the caller's own address; `to`, if sent, must be that address. */
export const sendTestEmailInputSchema = lazySchema(() =>
  z.strictObject({ kind: emailKindSchema, to: z.optional(emailAddress), ...templateText }),
);
export const sendTestEmailOutputSchema = lazySchema(() => z.object({ sent: z.boolean() }));

/**
 * The lab's notification recipients (new, resubmitted and cancelled orders, account requests, payments, new
 * warranty claims and new consult requests).
 */
export const labNotificationSettingsSchema = lazySchema(() =>
  z.object({
    recipients: z.array(emailAddress).check(z.minLength(1, 'Give at least one recipient'), z.maxLength(20)),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export const updateLabNotificationSettingsInputSchema = lazySchema(() =>
  z.strictObject({ ...labNotificationSettingsSchema.shape, version: versionSchema }),
);

/**
 * spec 7 `POST auth/email/{kind}` as `sendEmail { kind, recipients, subject, body }`: answers true or false,
 * errors swallowed and logged (spec 8). Recipients are a list here and joined with ";" only where the spec's
 * wire format needs it.
 */
export const sendEmailInputSchema = lazySchema(() =>
  z.strictObject({
    kind: z.string().check(z.regex(/^[a-z-]{1,40}$/, 'Not a valid email kind')),
    recipients: z.array(emailAddress).check(z.minLength(1, 'Give at least one recipient'), z.maxLength(50)),
    subject: emailSubject(),
    body: multiLineText('Body', 20_000),
  }),
);
export const sendEmailOutputSchema = lazySchema(() => z.boolean());
