import type { EmailKind, EmailTemplate } from '../../core/schemas/email/email';
import type { TemplateText } from '../email/default-templates';

/** The lab's notification recipients (new orders), with their optimistic-locking version (0: the default). */
export interface LabRecipients {
  recipients: string[];
  version: number;
}

/**
 * Email Management's store. A kind never saved answers its built-in default with version 0. Saves are
 * conditional on the version the editor read: a stale one is refused (WriteConflict 'changed') and writes nothing.
 */
export interface EmailTemplates {
  get(kind: EmailKind): Promise<EmailTemplate>;
  /** Every kind, in EMAIL_KINDS order. */
  list(): Promise<EmailTemplate[]>;
  save(kind: EmailKind, text: TemplateText, expectedVersion: number, now: string): Promise<EmailTemplate>;
  /** Stored recipients, else LAB_NOTIFICATIONS_EMAIL, else EMAIL_FROM (version 0). */
  labRecipients(): Promise<LabRecipients>;
  saveLabRecipients(recipients: string[], expectedVersion: number, now: string): Promise<LabRecipients>;
}
