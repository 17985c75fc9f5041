import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';

/**
 * An address the portal no longer mails (issue item "Email you can trust"): SES reported a hard bounce (the
 * mailbox does not exist) or a complaint (the recipient marked a portal email as spam).
 */
export const EMAIL_SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type EmailSuppressionReason = (typeof EMAIL_SUPPRESSION_REASONS)[number];

export const emailSuppressionSchema = lazySchema(() =>
  z.object({
    reason: z.enum(EMAIL_SUPPRESSION_REASONS),
    /** ISO time SES reported it. */
    at: z.string(),
  }),
);
export type EmailSuppressionView = z.infer<typeof emailSuppressionSchema>;

/** What the user lists say about it. */
export const EMAIL_SUPPRESSION_LABELS: Record<EmailSuppressionReason, string> = {
  bounce: 'Email bounced',
  complaint: 'Marked as spam',
};
