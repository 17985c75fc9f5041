import type { EmailKind } from '../../core/schemas/email';
import type { Order } from '../../core/schemas/order';
import { defaultTemplate, type TemplateText } from '../email/default-templates';
import { portalUrl as envPortalUrl } from '../email/email-config';
import { orderEmailValues } from '../email/order-email-values';
import { templateEmail } from '../email/render-template';
import { createLogger, type Logger } from '../http/logger';
import type { CustomersRepository } from '../ports/customers-repository';
import type { EmailSender } from '../ports/email-sender';
import type { EmailTemplates } from '../ports/email-templates';
import type { OrderEmailKind, OrderNotifier } from '../ports/order-notifier';
import { describeError } from '../use-cases/directory-failure';
import { dynamoCustomersRepository } from './dynamo-customers-repository';
import { dynamoEmailTemplates } from './dynamo-email-templates';
import { sesEmailSender } from './ses-email-sender';

export interface TemplateOrderNotifierDeps {
  templates: Pick<EmailTemplates, 'get' | 'labRecipients'>;
  mailer: EmailSender;
  /** The practice's name for `{{company}}` (order-submitted only; the other routes may not read customers). */
  customers: Pick<CustomersRepository, 'get'>;
  portalUrl: string | null;
  log: Logger;
}

/**
 * The order emails from the Email Management templates: the practice (the orderer's address) always, and
 * for `order-submitted` the lab's notification recipients too, each as an email of its own so the practice
 * never sees the lab's addresses. Every failure (template read, lookup, an unsafe value, the send) is logged
 * and swallowed: the order change already stands (spec 8).
 */
export function templateOrderNotifier(deps: Partial<TemplateOrderNotifierDeps> = {}): OrderNotifier {
  const log = deps.log ?? createLogger({ component: 'order-notifier' });
  let defaults: Omit<TemplateOrderNotifierDeps, 'log' | 'portalUrl'> | undefined;
  const resolved = () =>
    (defaults ??= {
      templates: deps.templates ?? dynamoEmailTemplates(),
      mailer: deps.mailer ?? sesEmailSender(),
      customers: deps.customers ?? dynamoCustomersRepository(),
    });
  const portal = deps.portalUrl !== undefined ? deps.portalUrl : envPortalUrl();

  const templateFor = async (kind: EmailKind): Promise<TemplateText> => {
    try {
      return await resolved().templates.get(kind);
    } catch (error) {
      log.warn('order email: template unavailable, the built-in text is used', { kind, error: describeError(error) });
      return defaultTemplate(kind);
    }
  };

  const companyOf = async (order: Order): Promise<string | undefined> => {
    try {
      return (await resolved().customers.get(order.accountNumber))?.company;
    } catch (error) {
      log.warn('order email: practice name unavailable', { orderId: order.orderId, error: describeError(error) });
      return undefined;
    }
  };

  const labRecipients = async (): Promise<string[]> => {
    try {
      return (await resolved().templates.labRecipients()).recipients;
    } catch (error) {
      log.warn('order email: lab recipients unavailable', { error: describeError(error) });
      return [];
    }
  };

  return {
    async notify(kind: OrderEmailKind, order: Order, practiceEmail: string | null) {
      try {
        const template = await templateFor(kind);
        const company = kind === 'order-submitted' ? await companyOf(order) : undefined;
        const values = orderEmailValues(kind, order, { portalUrl: portal, company });
        const to = [
          ...(practiceEmail ? [practiceEmail.toLowerCase()] : []),
          ...(kind === 'order-submitted' ? (await labRecipients()).map((r) => r.toLowerCase()) : []),
        ];
        for (const address of new Set(to)) {
          try {
            await resolved().mailer.send(templateEmail(address, template, values));
          } catch (error) {
            log.warn('order email: not sent', { kind, orderId: order.orderId, error: describeError(error) });
          }
        }
      } catch (error) {
        log.error('order email: failed', { kind, orderId: order.orderId, error: describeError(error) });
      }
    },
  };
}
