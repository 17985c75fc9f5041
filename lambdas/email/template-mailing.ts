import type { EmailKind } from '../../core/schemas/email/email';
import type { Logger } from '../ports/logger';
import type { EmailSender } from '../ports/email-sender';
import type { EmailTemplates } from '../ports/email-templates';
import { describeError } from '../../core/describe-error';
import { defaultTemplate, type TemplateText } from './default-templates';
import { templateEmail } from './render-template';

/**
 * What the templated notifiers (order emails, money emails) share, so both fail the same soft way: the
 * kind's template (the built-in text when the store cannot be read), the lab's recipients (none when they
 * cannot be read), and one email per address, where a failure is logged and the next address still gets
 * its own. `topic` starts every log line ("order email: not sent").
 */
export interface TemplateMailingDeps {
  templates: Pick<EmailTemplates, 'get' | 'labRecipients'>;
  mailer: EmailSender;
}

export interface TemplateMailing {
  template(kind: EmailKind): Promise<TemplateText>;
  /** Lower-cased; [] (logged) when the store cannot be read. */
  labRecipients(): Promise<string[]>;
  /**
   * Renders and sends one email to one address. `values` is called inside the guard, so a value that cannot
   * be built, an unsafe subject or a failed send is logged with `context` and answers false.
   */
  sendOne(
    to: string,
    template: TemplateText,
    values: () => Record<string, string>,
    context: Record<string, unknown>,
  ): Promise<boolean>;
}

/** `deps` is called on first use: a notifier built at cold start makes no AWS client it never needs. */
export function templateMailing(topic: string, deps: () => TemplateMailingDeps, log: Logger): TemplateMailing {
  return {
    async template(kind) {
      try {
        return await deps().templates.get(kind);
      } catch (error) {
        log.warn(`${topic}: template unavailable, the built-in text is used`, { kind, error: describeError(error) });
        return defaultTemplate(kind);
      }
    },
    async labRecipients() {
      try {
        return (await deps().templates.labRecipients()).recipients.map((r) => r.toLowerCase());
      } catch (error) {
        log.warn(`${topic}: lab recipients unavailable`, { error: describeError(error) });
        return [];
      }
    },
    async sendOne(to, template, values, context) {
      try {
        await deps().mailer.send(templateEmail(to, template, values()));
        return true;
      } catch (error) {
        log.warn(`${topic}: not sent`, { ...context, error: describeError(error) });
        return false;
      }
    },
  };
}

/**
 * Addresses by who they are for, lower-cased, each once: an address in several groups keeps the first
 * group's audience (an orderer who is also a lab recipient gets the practice's email, not both).
 */
export function addressesOnce<A extends string>(...groups: [A, readonly string[]][]): Map<string, A> {
  const to = new Map<string, A>();
  for (const [audience, addresses] of groups) {
    for (const address of addresses) {
      const key = address.trim().toLowerCase();
      if (key && !to.has(key)) to.set(key, audience);
    }
  }
  return to;
}
