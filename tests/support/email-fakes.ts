import { EMAIL_KINDS, type EmailKind, type EmailTemplate } from '../../core/schemas/email/email';
import { expect, it } from 'vitest';
import { defaultTemplate, type TemplateText } from '../../lambdas/email/default-templates';
import type { EmailTemplates, LabRecipients } from '../../lambdas/ports/email-templates';
import { writeConflict } from '../../lambdas/ports/write-conflict';
import type { InMemoryMailer } from './in-memory-ports';

/** Email Management's store in memory, with the adapter's rules: defaults at version 0, versioned saves. */
export class InMemoryEmailTemplates implements EmailTemplates {
  readonly stored = new Map<EmailKind, { subject: string; body: string; version: number; updatedAt: string }>();
  recipients: LabRecipients | null = null;
  failGets = false;

  constructor(private readonly defaultRecipients: string[] = ['lab@lenslab.test']) {}

  private view(kind: EmailKind): EmailTemplate {
    const defaults = defaultTemplate(kind);
    const stored = this.stored.get(kind);
    return stored ? { kind, ...stored, defaults } : { kind, ...defaults, version: 0, defaults };
  }

  async get(kind: EmailKind) {
    if (this.failGets) throw new Error('DynamoDB unavailable');
    return this.view(kind);
  }
  async list() {
    return EMAIL_KINDS.map((kind) => this.view(kind));
  }
  async save(kind: EmailKind, text: TemplateText, expectedVersion: number, now: string) {
    if ((this.stored.get(kind)?.version ?? 0) !== expectedVersion) throw writeConflict('changed');
    this.stored.set(kind, { ...text, version: expectedVersion + 1, updatedAt: now });
    return this.view(kind);
  }
  async labRecipients() {
    if (this.failGets) throw new Error('DynamoDB unavailable');
    return this.recipients ?? { recipients: this.defaultRecipients, version: 0 };
  }
  async saveLabRecipients(recipients: string[], expectedVersion: number) {
    if ((this.recipients?.version ?? 0) !== expectedVersion) throw writeConflict('changed');
    this.recipients = { recipients, version: expectedVersion + 1 };
    return this.recipients;
  }
}

/**
 * A notifier never throws: each of `emails` resolves with every send failing, and the log says so with
 * `notSent` (each domain's notifier logs its own words).
 */
export function itResolvesWhenEverySendFails<E extends { kind: string }>(
  emails: E[],
  setup: () => { mailer: InMemoryMailer; lines: string[]; notifier: { notify(email: E): Promise<void> } },
  notSent: string,
) {
  it.each(emails.map((email) => [email.kind, email] as const))(
    '%s resolves even when every send fails, and logs it',
    async (_kind, email) => {
      const { mailer, lines, notifier } = setup();
      mailer.send = async () => {
        throw new Error('SES down');
      };
      await expect(notifier.notify(email)).resolves.toBeUndefined();
      expect(lines.join('\n')).toContain(notSent);
    },
  );
}
