import type { EmailSuppressionReason } from '../../core/schemas/email/email-suppression';

/** One address the portal no longer mails, and why (core/schemas/email/email-suppression.ts). */
export interface EmailSuppression {
  /** Lower-cased. */
  address: string;
  reason: EmailSuppressionReason;
  /** ISO time SES reported it. */
  at: string;
  /** The SES message that bounced or was complained about. */
  messageId: string;
}

/** Addresses SES reported as bounced or complained about, by lower-cased address. */
export interface EmailSuppressions {
  /** Records (or replaces, with the newer report) an address's suppression. */
  record(suppression: EmailSuppression): Promise<void>;
  /** Of these addresses (any case), the suppressed ones, keyed by the lower-cased address. */
  find(addresses: readonly string[]): Promise<Map<string, EmailSuppression>>;
}

/** The key every address is stored and looked up under. */
export const suppressionKey = (address: string) => address.trim().toLowerCase();
