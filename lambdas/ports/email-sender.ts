import type { OutgoingEmail } from '../email/safe-email';

/** Sends one email. Only `composeEmail` (lambdas/email/safe-email.ts) makes an OutgoingEmail. */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
}
