import type { EmailKind } from '../../core/schemas/email/email';
import {
  claimDecidedValues,
  claimSubmittedValues,
  creditGrantedValues,
  autopayAuthenticationValues,
  autopayFailedValues,
  invoiceIssuedValues,
  paymentDisputedValues,
  paymentFailedValues,
  paymentRefundedValues,
  paymentReminderValues,
  paymentValues,
  statementIssuedValues,
  warrantyEndingValues,
  type MoneyEmailContext,
} from '../email/money-email-values';
import { addressesOnce, type TemplateMailingDeps } from '../email/template-mailing';
import type { Logger } from '../ports/logger';
import type { CustomersRepository } from '../ports/customers-repository';
import type { CustomerDetail } from '../../core/schemas/customers/customer-admin';
import type { MoneyEmail, MoneyNotifier } from '../ports/money-notifier';
import type { UsersRepository } from '../ports/users-repository';
import { describeError } from '../../core/describe-error';
import { dynamoCustomersRepository } from './dynamo-customers-repository';
import { dynamoUsersRepository } from './dynamo-users-repository';
import { templateNotifierBase } from './template-notifier';

export interface TemplateMoneyNotifierDeps extends TemplateMailingDeps {
  /** The practice's name (`{{company}}`) and, for an empty `to`, the users linked to the account. */
  customers: Pick<CustomersRepository, 'get' | 'linkedUserIds'>;
  /** Addresses of the account's linked users. */
  users: Pick<UsersRepository, 'batchGet'>;
  portalUrl: string | null;
  log: Logger;
}

/** One template sent to some addresses, each as an email of its own. */
interface Letter {
  kind: EmailKind;
  to: string[];
  values: () => Record<string, string>;
}

/**
 * Kinds whose template names the practice: only these read customers for its name, so a route that may not
 * read customers (the claim routes) never tries and logs a refusal on every email.
 */
const NAMES_PRACTICE: ReadonlySet<MoneyEmail['kind']> = new Set([
  'invoice-issued',
  'payment-receipt',
  'credit-granted',
  'warranty-ending',
  'statement-issued',
  'payment-refunded',
  'payment-disputed',
  'payment-reminder',
]);

/**
 * Kinds the practice's billing contacts get as well as its users (docs/decisions/0109-billing-contacts.md): what
 * is owed and when. Receipts stay with the payer, credit and claims with the users.
 */
const TO_BILLING_CONTACTS: ReadonlySet<MoneyEmail['kind']> = new Set([
  'invoice-issued',
  'statement-issued',
  'payment-reminder',
]);

const accountOf = (email: MoneyEmail): string => {
  switch (email.kind) {
    case 'invoice-issued':
      return email.invoice.accountNumber;
    case 'payment-receipt':
    case 'payment-failed':
    case 'payment-refunded':
    case 'payment-disputed':
    case 'autopay-authentication':
    case 'autopay-failed':
      return email.payment.accountNumber;
    case 'credit-granted':
      return email.entry.accountNumber;
    case 'claim-decided':
    case 'claim-submitted':
      return email.claim.accountNumber;
    case 'warranty-ending':
      return email.accountNumber;
    case 'statement-issued':
      return email.statement.accountNumber;
    case 'payment-reminder':
      return email.invoice.accountNumber;
  }
};

// Named money, not invoices or payments: one port sends the invoice, payment, credit and claim emails.
/**
 * The money emails from the Email Management templates, addressed as the MoneyNotifier port says:
 * the practice (the given addresses, else every user linked to the account), the payer (receipts, declined
 * cards) and the lab's notification recipients (a payment's copy, a new claim). Every address gets an email
 * of its own, so no practice user sees another's or the lab's addresses. Never throws: a template, lookup or
 * send that fails is logged, and the money change the email reports stands.
 */
export function templateMoneyNotifier(deps: Partial<TemplateMoneyNotifierDeps> = {}): MoneyNotifier {
  const { log, resolved, portal, mailing } = templateNotifierBase<Omit<TemplateMoneyNotifierDeps, 'log' | 'portalUrl'>>(
    'money',
    deps,
    () => ({
      customers: deps.customers ?? dynamoCustomersRepository(),
      users: deps.users ?? dynamoUsersRepository(),
    }),
  );

  const practiceOf = async (accountNumber: string): Promise<CustomerDetail | undefined> => {
    try {
      return (await resolved().customers.get(accountNumber)) ?? undefined;
    } catch (error) {
      log.warn('money email: practice unavailable', { accountNumber, error: describeError(error) });
      return undefined;
    }
  };

  /** The given addresses; none given: every user linked to the account (the port's rule). */
  const practiceAddresses = async (to: string[], accountNumber: string): Promise<string[]> => {
    if (to.length > 0) return to;
    try {
      const ids = await resolved().customers.linkedUserIds(accountNumber);
      if (ids.length === 0) return [];
      return (await resolved().users.batchGet(ids)).map((user) => user.email);
    } catch (error) {
      log.warn('money email: account users unavailable', { accountNumber, error: describeError(error) });
      return [];
    }
  };

  /** `contacts`: the practice's billing contacts, for the kinds they get (else none). */
  async function lettersOf(email: MoneyEmail, context: MoneyEmailContext, contacts: string[]): Promise<Letter[]> {
    switch (email.kind) {
      case 'invoice-issued': {
        const to = [...(await practiceAddresses(email.to, email.invoice.accountNumber)), ...contacts];
        return [{ kind: email.kind, to, values: () => invoiceIssuedValues(email.invoice, context) }];
      }
      case 'payment-receipt': {
        const { payment, invoices } = email;
        // The payer gets the receipt; a lab recipient who paid (unlikely) is not sent the lab's copy too.
        const to = addressesOnce<'payer' | 'lab'>(
          ['payer', [payment.payer.email]],
          ['lab', await mailing.labRecipients()],
        );
        const of = (audience: 'payer' | 'lab') => [...to].filter(([, a]) => a === audience).map(([address]) => address);
        return [
          {
            kind: 'payment-receipt',
            to: of('payer'),
            values: () => paymentValues(payment, invoices, { ...context, audience: 'payer' }),
          },
          {
            kind: 'payment-received',
            to: of('lab'),
            values: () => paymentValues(payment, invoices, { ...context, audience: 'lab' }),
          },
        ];
      }
      case 'payment-failed':
        return [
          {
            kind: email.kind,
            to: [email.payment.payer.email],
            values: () => paymentFailedValues(email.payment, context),
          },
        ];
      case 'payment-refunded':
        return [
          {
            kind: email.kind,
            to: [email.payment.payer.email],
            values: () => paymentRefundedValues(email.payment, email.refund, email.invoice, context),
          },
        ];
      case 'payment-disputed':
        return [
          {
            kind: email.kind,
            to: await mailing.labRecipients(),
            values: () => paymentDisputedValues(email.payment, email.dispute, context),
          },
        ];
      case 'credit-granted': {
        const to = await practiceAddresses(email.to, email.entry.accountNumber);
        return [{ kind: email.kind, to, values: () => creditGrantedValues(email.entry, context) }];
      }
      case 'claim-decided': {
        const to = await practiceAddresses(email.to, email.claim.accountNumber);
        return [{ kind: email.kind, to, values: () => claimDecidedValues(email.claim, context) }];
      }
      case 'claim-submitted':
        return [
          {
            kind: email.kind,
            to: await mailing.labRecipients(),
            values: () => claimSubmittedValues(email.claim, context),
          },
        ];
      case 'warranty-ending': {
        const to = await practiceAddresses(email.to, email.accountNumber);
        return [
          {
            kind: email.kind,
            to,
            values: () => warrantyEndingValues(email.accountNumber, email.lenses, context),
          },
        ];
      }
      case 'statement-issued': {
        const to = [...(await practiceAddresses(email.to, email.statement.accountNumber)), ...contacts];
        return [{ kind: email.kind, to, values: () => statementIssuedValues(email.statement, context) }];
      }
      // To the payer who turned autopay on, like a declined card's email.
      case 'autopay-authentication':
        return [
          {
            kind: email.kind,
            to: [email.payment.payer.email],
            values: () => autopayAuthenticationValues(email.payment, context),
          },
        ];
      case 'autopay-failed':
        return [
          {
            kind: email.kind,
            to: [email.payment.payer.email],
            values: () => autopayFailedValues(email.payment, context),
          },
        ];
      case 'payment-reminder': {
        const to = [...(await practiceAddresses(email.to, email.invoice.accountNumber)), ...contacts];
        return [{ kind: email.kind, to, values: () => paymentReminderValues(email.invoice, email.day, context) }];
      }
    }
  }

  return {
    async notify(email: MoneyEmail) {
      let accountNumber: string | undefined;
      try {
        accountNumber = accountOf(email);
        const practice =
          NAMES_PRACTICE.has(email.kind) || TO_BILLING_CONTACTS.has(email.kind)
            ? await practiceOf(accountNumber)
            : undefined;
        // The billing contacts are read when the email is sent, so a list changed in between is the one used.
        const contacts = TO_BILLING_CONTACTS.has(email.kind) ? (practice?.billingContacts ?? []) : [];
        const letters = await lettersOf(email, { portalUrl: portal, company: practice?.company }, contacts);
        for (const letter of letters) {
          const to = [...addressesOnce(['to', letter.to]).keys()];
          if (to.length === 0) {
            log.warn('money email: nobody to send it to', { kind: letter.kind, accountNumber });
            continue;
          }
          const template = await mailing.template(letter.kind);
          for (const address of to) {
            await mailing.sendOne(address, template, letter.values, { kind: letter.kind, accountNumber });
          }
        }
      } catch (error) {
        log.error('money email: failed', { kind: email.kind, accountNumber, error: describeError(error) });
      }
    },
  };
}
