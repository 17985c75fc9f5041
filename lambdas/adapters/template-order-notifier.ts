import type { Order } from '../../core/schemas/orders';
import { orderEmailValues, type OrderEmailAudience } from '../email/order-email-values';
import { addressesOnce } from '../email/template-mailing';
import type { Logger } from '../ports/logger';
import type { CustomersRepository } from '../ports/customers-repository';
import type { EmailSender } from '../ports/email-sender';
import type { EmailTemplates } from '../ports/email-templates';
import type { OrderEmailKind, OrderNotifier } from '../ports/order-notifier';
import { describeError } from '../../core/describe-error';
import { dynamoCustomersRepository } from './dynamo-customers-repository';
import { templateNotifierBase } from './template-notifier';

export interface TemplateOrderNotifierDeps {
  templates: Pick<EmailTemplates, 'get' | 'labRecipients'>;
  mailer: EmailSender;
  /**
   * The practice's name for `{{company}}` (order-submitted and order-resubmitted only: the lab's routes
   * (approve, hold, ...) may not read customers).
   */
  customers: Pick<CustomersRepository, 'get'>;
  portalUrl: string | null;
  log: Logger;
}

/**
 * Who gets each order email. The lab hears of what practices do (a new order, an answer to its hold, a
 * cancel); the practice hears of its own order's changes, except the answer it just sent itself.
 * `company`: the kind's template names the practice (its route may read customers).
 */
const ROUTING: Record<OrderEmailKind, { audiences: readonly OrderEmailAudience[]; company: boolean }> = {
  'order-submitted': { audiences: ['practice', 'lab'], company: true },
  'order-resubmitted': { audiences: ['lab'], company: true },
  'order-cancelled': { audiences: ['practice', 'lab'], company: false },
  'order-approved': { audiences: ['practice'], company: false },
  'order-on-hold': { audiences: ['practice'], company: false },
  'order-rejected': { audiences: ['practice'], company: false },
  'order-closed': { audiences: ['practice'], company: false },
  'order-delayed': { audiences: ['practice'], company: false },
  'parcel-claim-opened': { audiences: ['lab'], company: true },
  'parcel-claim-decided': { audiences: ['practice'], company: false },
};

/**
 * The order emails from the Email Management templates, addressed as ROUTING says: the practice (the
 * orderer's address) and/or the lab's notification recipients, each as an email of its own so the practice
 * never sees the lab's addresses. The lab's copies link to the order approval page, the practice's to its
 * order page. Every failure (template read, lookup, an unsafe value, the send) is logged and swallowed: the
 * order change already stands (spec 8).
 */
export function templateOrderNotifier(deps: Partial<TemplateOrderNotifierDeps> = {}): OrderNotifier {
  const { log, resolved, portal, mailing } = templateNotifierBase<Omit<TemplateOrderNotifierDeps, 'log' | 'portalUrl'>>(
    'order',
    deps,
    () => ({ customers: deps.customers ?? dynamoCustomersRepository() }),
  );

  const companyOf = async (order: Order): Promise<string | undefined> => {
    try {
      return (await resolved().customers.get(order.accountNumber))?.company;
    } catch (error) {
      log.warn('order email: practice name unavailable', { orderId: order.orderId, error: describeError(error) });
      return undefined;
    }
  };

  return {
    async notify(kind: OrderEmailKind, order: Order, practiceEmail: string | null, parcelId?: string) {
      try {
        const routing = ROUTING[kind];
        const template = await mailing.template(kind);
        const company = routing.company ? await companyOf(order) : undefined;
        const practice = routing.audiences.includes('practice') && practiceEmail ? [practiceEmail] : [];
        const lab = routing.audiences.includes('lab') ? await mailing.labRecipients() : [];
        // An orderer who is also a lab recipient gets one email, the practice's.
        const to = addressesOnce<OrderEmailAudience>(['practice', practice], ['lab', lab]);
        for (const [address, audience] of to) {
          await mailing.sendOne(
            address,
            template,
            () => orderEmailValues(kind, order, { portalUrl: portal, company, audience, parcelId }),
            { kind, orderId: order.orderId },
          );
        }
      } catch (error) {
        log.error('order email: failed', { kind, orderId: order.orderId, error: describeError(error) });
      }
    },
  };
}
