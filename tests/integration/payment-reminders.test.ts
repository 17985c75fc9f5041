import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reminderMarkKey } from '../../core/rules/payment-reminders';
import type { Invoice } from '../../core/schemas/invoices';
import { dynamoBillingSettings } from '../../lambdas/adapters/dynamo-billing-settings';
import { dynamoCustomersRepository } from '../../lambdas/adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { dynamoPaymentReminderMarks } from '../../lambdas/adapters/dynamo-payment-reminder-marks';
import type { MoneyStore } from '../../lambdas/ports/money-store';
import { sendPaymentReminders, type PaymentRemindersDeps } from '../../lambdas/use-cases/billing/payment-reminders';
import { getRow } from '../support/dynamo-rows';
import { memoryLogger } from '../support/in-memory-ports';
import { sampleInvoice } from '../support/money-email-fakes';

/**
 * The payment reminders job on the emulators with the adapters its Lambda uses (the invoices, the once-marks and
 * the outbox in one transaction). The job reads every owed invoice; the runs here see only this file's invoices,
 * so other tests' data is neither reminded nor asserted on.
 */
const money = dynamoMoneyStore();

/** `stale`: what the reads answer instead, standing for a payment recorded between the job's reads and its write. */
function onlyOurs(accountNumber: string, stale?: () => Invoice | undefined): PaymentRemindersDeps['money'] {
  const mine = <T extends { accountNumber: string }>(items: T[]) =>
    items.filter((i) => i.accountNumber === accountNumber);
  return {
    listInvoices: async (query) => {
      const old = stale?.();
      if (old) return { items: query.status === old.status ? [old] : [], nextCursor: null };
      const page = await money.listInvoices(query);
      return { ...page, items: mine(page.items) };
    },
    getInvoices: async (numbers) => {
      const old = stale?.();
      return old ? [old] : mine(await money.getInvoices(numbers));
    },
  } satisfies Pick<MoneyStore, 'listInvoices' | 'getInvoices'>;
}

async function openInvoice(dueDate: string) {
  const accountNumber = `PR-${randomUUID().slice(0, 8).toUpperCase()}`;
  const invoice = sampleInvoice({
    invoiceNumber: `INV-${accountNumber}`,
    accountNumber,
    issuedAt: '2031-01-06T15:00:00.000Z',
    dueDate,
    version: 0,
  });
  await money.commit({ invoices: [{ invoice, expectedVersion: null }] });
  return invoice;
}

function deps(accountNumber: string, now: string, stale?: () => Invoice | undefined): PaymentRemindersDeps {
  return {
    money: onlyOurs(accountNumber, stale),
    customers: dynamoCustomersRepository(),
    // The defaults (-7, 0, 7, 30): an item nobody saved.
    settings: dynamoBillingSettings({ id: `test-${randomUUID()}` }),
    marks: dynamoPaymentReminderMarks(),
    log: memoryLogger().log,
    now: () => new Date(now),
  };
}

async function pay(invoice: Invoice): Promise<Invoice> {
  const paid: Invoice = { ...invoice, paidCents: invoice.totalCents, balanceCents: 0, status: 'paid', version: 1 };
  await money.commit({ invoices: [{ invoice: paid, expectedVersion: 0 }] });
  return paid;
}

describe('payment reminders on DynamoDB', () => {
  it('five runs at once on the due day store one reminder, marked for that invoice and day', async () => {
    const invoice = await openInvoice('2031-02-05');
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => sendPaymentReminders(deps(invoice.accountNumber, '2031-02-05T12:00:00.000Z'))),
    );
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(runs.reduce((sum, r) => sum + r.alreadySent, 0)).toBe(4);
    expect(await getRow('tokens', { pk: reminderMarkKey(invoice.invoiceNumber, 0) })).toBeDefined();

    const later = await sendPaymentReminders(deps(invoice.accountNumber, '2031-02-06T12:00:00.000Z'));
    expect(later).toMatchObject({ sent: 0, alreadySent: 1 });
  });

  it('once paid, an invoice gets no more reminders', async () => {
    const invoice = await openInvoice('2031-02-05');
    expect((await sendPaymentReminders(deps(invoice.accountNumber, '2031-01-29T12:00:00.000Z'))).sent).toBe(1);
    await pay(invoice);
    const after = await sendPaymentReminders(deps(invoice.accountNumber, '2031-02-12T12:00:00.000Z'));
    expect(after).toMatchObject({ sent: 0, changed: 0 });
    expect(await getRow('tokens', { pk: reminderMarkKey(invoice.invoiceNumber, 7) })).toBeUndefined();
  });

  it('a payment recorded between the read and the write: no reminder, no mark', async () => {
    const invoice = await openInvoice('2031-02-05');
    await pay(invoice);
    const run = await sendPaymentReminders(deps(invoice.accountNumber, '2031-02-12T12:00:00.000Z', () => invoice));
    expect(run).toMatchObject({ sent: 0, changed: 1 });
    expect(await getRow('tokens', { pk: reminderMarkKey(invoice.invoiceNumber, 7) })).toBeUndefined();
  });
});
