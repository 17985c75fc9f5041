import { PAGE_PATHS, pagePaths } from '../../../core/page-paths';
import { dayForPeople } from '../../../core/rules/calendar-days';
import { formatCents } from '../../../core/rules/invoice-balance';
import { reminderWhen } from '../../../core/rules/payment-reminders';
import { CARRIER_LABELS } from '../../../core/rules/tracking-numbers';
import type { NotificationAudience } from '../../../core/rules/notification-events';
import type { EmailKind } from '../../../core/schemas/email/email-kinds';
import { NOTIFICATION_LIMITS } from '../../../core/schemas/notifications';
import type { Order } from '../../../core/schemas/orders';
import type { OutboxMessage } from '../../kernel/outbox';
import type { ConsultEmail } from '../../ports/consult-notifier';
import type { MoneyEmail } from '../../ports/money-notifier';
import type { OrderNotice } from '../../ports/order-notifier';

/** What an inbox item says and opens. */
export interface ItemText {
  title: string;
  body: string;
  link: string;
}

/**
 * What a notice raises: its kind (core/rules/notification-events.ts `eventOf`), the practice whose users hear
 * its practice event (none: a visitor's consult), and the item's text for each audience.
 */
export interface NoticeContent {
  kind: EmailKind;
  accountNumber: string | null;
  textFor(audience: NotificationAudience): ItemText;
}

/** One line, cut to its limit: a title or body never fails the item for being long (a long hold message). */
const cut = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};
const item = (title: string, body: string, link: string): ItemText => ({
  title: cut(title, NOTIFICATION_LIMITS.titleMax),
  body: cut(body, NOTIFICATION_LIMITS.bodyMax),
  link,
});
const lensCount = (n: number) => `${n} ${n === 1 ? 'lens' : 'lenses'}`;
const orderName = (order: Pick<Order, 'orderNumber'>) => `Order ${order.orderNumber ?? 'draft'}`;
const lastNote = (order: Order, to: Order['status']) =>
  order.history
    .filter((h) => h.to === to)
    .at(-1)
    ?.note?.trim() || '';
const withDetail = (sentence: string, detail: string | undefined) => (detail ? `${sentence} ${detail}` : sentence);

function orderContent(notice: OrderNotice): NoticeContent {
  const { kind, order } = notice;
  const name = orderName(order);
  const patient = `patient ${order.patient}`;
  const parcel = order.parcels?.find((p) => p.parcelId === notice.parcelId);
  const parcelName = parcel ? `the ${CARRIER_LABELS[parcel.carrier]} parcel ${parcel.trackingNumber}` : 'a parcel';
  const claim = parcel?.claim;
  const practice = (): ItemText => {
    const link = pagePaths.order(order.orderId);
    switch (kind) {
      case 'order-submitted':
        return item(`${name} received`, `The lab received your order for ${patient}.`, link);
      case 'order-on-hold':
        return item(
          `${name} on hold: the lab needs an answer`,
          withDetail(
            `The lab paused the order for ${patient}.`,
            order.holdMessage?.trim() || lastNote(order, 'on-hold') || undefined,
          ),
          link,
        );
      case 'order-approved':
        return item(`${name} approved`, `The order for ${patient} is approved for production.`, link);
      case 'order-rejected':
        return item(
          `${name} not accepted`,
          withDetail(
            `The lab could not accept the order for ${patient}.`,
            order.rejectReason?.trim() || lastNote(order, 'rejected') || undefined,
          ),
          link,
        );
      case 'order-closed':
        return item(
          `${name} shipped`,
          `The order for ${patient} is complete and left the lab${order.invoiceNumber ? ` (invoice ${order.invoiceNumber})` : ''}.`,
          link,
        );
      case 'order-delayed':
        return item(
          `${name}: new ship date`,
          withDetail(
            `The order for ${patient} now ships by ${order.promise ? dayForPeople(order.promise.shipBy) : 'a later day'}.`,
            order.delays?.at(-1)?.reason.trim() || undefined,
          ),
          link,
        );
      case 'order-cancelled':
        return item(`${name} canceled`, `The order for ${patient} was canceled.`, link);
      case 'order-resubmitted':
        return item(`${name} sent back to the lab`, `Your answer about the order for ${patient} was sent.`, link);
      case 'parcel-claim-opened':
        return item(
          `${name}: parcel reported ${claim?.kind ?? ''}`.trim(),
          `You reported ${parcelName} of the order for ${patient}; the lab decides the claim.`,
          link,
        );
      case 'parcel-claim-decided':
        return claim?.status === 'declined'
          ? item(
              `${name}: parcel claim declined`,
              withDetail(`The lab declined the claim on ${parcelName}.`, claim.decisionNote?.trim() || undefined),
              link,
            )
          : item(
              `${name}: replacement lenses`,
              `The lab is making replacement lenses at no charge for ${parcelName} (${patient}).`,
              link,
            );
    }
  };
  const lab = (): ItemText => {
    const link = pagePaths.labOrder(order.orderId);
    const from = `account ${order.accountNumber}`;
    switch (kind) {
      case 'order-submitted':
        return item(`New order ${order.orderNumber ?? ''}`.trim(), `A new order from ${from} for ${patient}.`, link);
      case 'order-resubmitted':
        return item(
          `${name}: hold answered`,
          `The practice (${from}) answered the hold; the order for ${patient} is back in the queue.`,
          link,
        );
      case 'order-cancelled':
        return item(
          `${name} canceled by the practice`,
          `The practice (${from}) canceled the order for ${patient}.`,
          link,
        );
      case 'parcel-claim-opened':
        return item(
          `${name}: parcel reported ${claim?.kind ?? ''}`.trim(),
          withDetail(`The practice (${from}) reported ${parcelName} for ${patient}.`, claim?.note.trim() || undefined),
          link,
        );
      default:
        return practice();
    }
  };
  return {
    kind,
    accountNumber: order.accountNumber,
    textFor: (audience) => (audience === 'lab' ? lab() : practice()),
  };
}

function moneyContent(email: MoneyEmail): NoticeContent {
  const credit = PAGE_PATHS.customerCredit;
  switch (email.kind) {
    case 'invoice-issued': {
      const { invoice } = email;
      const text = item(
        `Invoice ${invoice.invoiceNumber} issued`,
        `Invoice ${invoice.invoiceNumber} for ${formatCents(invoice.totalCents)} is due ${invoice.dueDate}.`,
        pagePaths.payment({ invoice: invoice.invoiceNumber, account: invoice.accountNumber }),
      );
      return { kind: email.kind, accountNumber: invoice.accountNumber, textFor: () => text };
    }
    case 'payment-receipt': {
      const { payment } = email;
      const amount = formatCents(payment.totalCents);
      const invoices = payment.allocations.map((a) => a.invoiceNumber).join(', ');
      const toward = invoices ? ` toward ${invoices}` : '';
      return {
        kind: email.kind,
        accountNumber: payment.accountNumber,
        textFor: (audience) =>
          audience === 'lab'
            ? item(
                `Payment received: ${amount} from account ${payment.accountNumber}`,
                `${payment.payer.name || 'The practice'} paid ${amount}${toward} (receipt ${payment.receiptNumber}).`,
                PAGE_PATHS.adminInvoices,
              )
            : item(
                `Payment received: ${amount}`,
                `Receipt ${payment.receiptNumber}: ${amount} paid${toward}.`,
                pagePaths.payment({ account: payment.accountNumber }),
              ),
      };
    }
    case 'payment-failed': {
      const { payment } = email;
      const text = item(
        `Payment of ${formatCents(payment.totalCents)} failed`,
        withDetail(`The card payment did not go through and nothing was charged.`, payment.failureMessage?.trim()),
        pagePaths.payment({ account: payment.accountNumber }),
      );
      return { kind: email.kind, accountNumber: payment.accountNumber, textFor: () => text };
    }
    case 'payment-refunded': {
      const { payment, refund, invoice } = email;
      const text = item(
        `Refund issued: ${formatCents(refund.amountCents)}`,
        `Refund ${refund.receiptNumber} of payment ${payment.receiptNumber}: ${formatCents(refund.amountCents)} back to the card; invoice ${invoice.invoiceNumber} owes ${formatCents(Math.max(0, invoice.balanceCents))} again.`,
        pagePaths.payment({ invoice: invoice.invoiceNumber, account: payment.accountNumber }),
      );
      return { kind: email.kind, accountNumber: payment.accountNumber, textFor: () => text };
    }
    case 'payment-disputed': {
      const { payment, dispute } = email;
      const text = item(
        `Card dispute ${dispute.status === 'open' ? 'opened' : dispute.status}: ${formatCents(dispute.amountCents)} from account ${payment.accountNumber}`,
        `Payment ${payment.receiptNumber} (invoices ${payment.allocations.map((a) => a.invoiceNumber).join(', ')}), reason ${dispute.reason}.`,
        PAGE_PATHS.adminInvoices,
      );
      return { kind: email.kind, accountNumber: payment.accountNumber, textFor: () => text };
    }
    case 'autopay-authentication': {
      const { payment } = email;
      const text = item(
        `Confirm your autopay payment of ${formatCents(payment.cardCents)}`,
        'Your bank asks you to confirm this month’s autopay payment before it is charged.',
        pagePaths.payment({ account: payment.accountNumber, tab: 'autopay', authenticate: payment.paymentId }),
      );
      return { kind: email.kind, accountNumber: payment.accountNumber, textFor: () => text };
    }
    case 'autopay-failed': {
      const { payment } = email;
      const text = item(
        `Autopay payment of ${formatCents(payment.cardCents)} failed`,
        withDetail('Nothing was charged and the invoices are still open.', payment.failureMessage?.trim()),
        pagePaths.payment({ account: payment.accountNumber, tab: 'autopay' }),
      );
      return { kind: email.kind, accountNumber: payment.accountNumber, textFor: () => text };
    }
    case 'credit-granted': {
      const { entry } = email;
      const text = item(
        `Lens credit added: ${formatCents(entry.amountCents)}`,
        `${formatCents(entry.amountCents)} of lens credit was added to account ${entry.accountNumber}${entry.orderNumber ? ` (order ${entry.orderNumber})` : ''}. Balance: ${formatCents(entry.balanceAfterCents)}.`,
        credit,
      );
      return { kind: email.kind, accountNumber: entry.accountNumber, textFor: () => text };
    }
    case 'claim-decided':
    case 'claim-submitted': {
      const { claim } = email;
      const lens = `the ${claim.eye} lens of order ${claim.orderNumber} (patient ${claim.patient})`;
      const text =
        email.kind === 'claim-submitted'
          ? item(
              `Warranty claim filed: order ${claim.orderNumber}`,
              `Account ${claim.accountNumber} filed a claim on ${lens}.`,
              PAGE_PATHS.warrantyClaims,
            )
          : item(
              `Warranty claim ${claim.status === 'denied' ? 'denied' : 'approved'}: order ${claim.orderNumber}`,
              claim.status === 'denied'
                ? withDetail(`The lab denied the claim on ${lens}.`, claim.decisionReason?.trim())
                : `The lab approved the claim on ${lens}${claim.status === 'awaiting-return' ? '; the credit follows when the lens is back' : `: ${formatCents(claim.creditCents)} of credit`}.`,
              credit,
            );
      return { kind: email.kind, accountNumber: claim.accountNumber, textFor: () => text };
    }
    case 'warranty-ending': {
      const orders = [...new Set(email.lenses.map((l) => l.orderNumber))].join(', ');
      const text = item(
        `Warranty ending soon for ${lensCount(email.lenses.length)}`,
        `The warranty of lenses of order ${orders} ends in the next 14 days.`,
        credit,
      );
      return { kind: email.kind, accountNumber: email.accountNumber, textFor: () => text };
    }
    case 'statement-issued': {
      const { statement } = email;
      const text = item(
        `Statement for ${statement.month} issued`,
        `Account ${statement.accountNumber} closed ${statement.month} owing ${formatCents(statement.closingCents)}.`,
        pagePaths.payment({ account: statement.accountNumber, tab: 'statements' }),
      );
      return { kind: email.kind, accountNumber: statement.accountNumber, textFor: () => text };
    }
    case 'payment-reminder': {
      const { invoice } = email;
      const text = item(
        `Invoice ${invoice.invoiceNumber} is ${reminderWhen(email.day)}`,
        `${formatCents(invoice.balanceCents)} is owed on account ${invoice.accountNumber}, due ${invoice.dueDate}.`,
        pagePaths.payment({ account: invoice.accountNumber, invoice: invoice.invoiceNumber }),
      );
      return { kind: email.kind, accountNumber: invoice.accountNumber, textFor: () => text };
    }
  }
}

function consultContent(email: ConsultEmail): NoticeContent {
  const { consult } = email;
  const patient = `patient ${consult.patient}`;
  return {
    kind: email.kind,
    accountNumber: consult.source === 'practice' ? (consult.accountNumber ?? null) : null,
    textFor: (audience) =>
      audience === 'lab'
        ? item(
            `New consult ${consult.reference}`,
            `${consult.accountNumber ? `Account ${consult.accountNumber}` : consult.source === 'practice' ? 'A practice' : 'A visitor'} asked about ${patient}.`,
            pagePaths.labConsult(consult.consultId),
          )
        : item(
            `Consult ${consult.reference} answered`,
            `A lab consultant answered your consult about ${patient}.`,
            pagePaths.consult(consult.consultId),
          ),
  };
}

/**
 * What a notice raises in the inbox, or null for one that raises nothing (an email the use case composed: an
 * account request's answer, an invitation). The text is built from the notice as it was at the change.
 */
export function noticeContent(message: Pick<OutboxMessage, 'topic' | 'notice'>): NoticeContent | null {
  switch (message.topic) {
    case 'order':
      return orderContent(message.notice as unknown as OrderNotice);
    case 'money':
      return moneyContent(message.notice as unknown as MoneyEmail);
    case 'consult':
      return consultContent(message.notice as unknown as ConsultEmail);
    default:
      return null;
  }
}
